// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * jrss as a debug container next to the target (docs/container.md): {@code kubectl debug --target} puts jrss in the
 * target container's pid namespace with a root file system of its own. Here the target runs in its own pid and mount
 * namespace with its own /tmp (NamespaceIT.BOX); jrss joins that pid namespace with nsenter, in a mount namespace of its
 * own with another /tmp and the namespace's /proc, and explains the JVM as pid 1, reaching its socket through
 * /proc/1/root/tmp. Both sides' /tmp hide the node's, so the target's classes and jrss.jar are copies in a SharedDir.
 * What this does not test: the image itself (no container engine here) and kubectl.
 */
class DebugContainerIT {
    /** jrss's side of a debug container: the target's pid namespace, its own mounts (/proc of that namespace, an empty /tmp). */
    static List<String> debugContainerOf(int hostPid) {
        return List.of("nsenter", "--target", Integer.toString(hostPid), "--pid", "--",
                "unshare", "--mount", "--propagation", "private",
                "sh", "-c", "mount -t proc proc /proc && mount -t tmpfs tmpfs /tmp && exec \"$@\"", "sh");
    }

    @Test
    void explainsPid1OfItsPidNamespace() throws Exception {
        NamespaceIT.assumeUnshare();
        try (SharedDir shared = SharedDir.create("debug-container"); TestJvm jvm = NamespaceIT.steadyInABox(shared)) {
            assertEquals("1", nspid(jvm.pid()), "the target is pid 1 in its namespace, as a container's main process");
            Cli.Result r = Cli.runOn(List.of(Cli.java()), jar(shared), Duration.ofSeconds(120), debugContainerOf(jvm.pid()), "explain", "1", "--json");
            Java11RuntimeIT.ledger(r, 1, "17.");
        }
    }

    /** The same from a JDK 11 runtime: jrss's checks, then the runtime's jdk.attach on /proc/1/root/tmp/.java_pid1. */
    @Test
    void explainsPid1FromAJdk11Runtime() throws Exception {
        NamespaceIT.assumeUnshare();
        Java11RuntimeIT.assumeJdk11();
        try (SharedDir shared = SharedDir.create("debug-container-11");
             TestJvm jvm = Java11RuntimeIT.startOn11(NamespaceIT.BOX, shared.workloads())) {
            int pid = jvm.pid();
            assertEquals("1", nspid(pid));
            assertNotEquals(pid, 1);
            Cli.Result r = Cli.runOn(List.of(TestJvm.JDK11.resolve("bin/java").toString()), jar(shared), Duration.ofSeconds(120),
                    debugContainerOf(pid), "explain", "1", "--json");
            Java11RuntimeIT.ledger(r, 1, "11.0.13");
        }
    }

    /** jrss.jar where jrss's side, with its own empty /tmp, finds it. */
    private static Path jar(SharedDir shared) throws Exception {
        return shared.copy(Path.of(Cli.jar()), "jrss.jar");
    }

    private static String nspid(int hostPid) throws Exception {
        String line = Files.readAllLines(Path.of("/proc/" + hostPid + "/status")).stream().filter(l -> l.startsWith("NSpid:"))
                .findFirst().orElseThrow();
        String[] f = line.split("\\s+");
        return f[f.length - 1];
    }
}
