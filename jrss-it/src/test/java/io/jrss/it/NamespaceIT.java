// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A JVM in its own pid and mount namespace, as in a container, explained from the host through /proc/pid/root. */
class NamespaceIT {
    /**
     * Its own pid namespace and its own /tmp, as in a container: what it has there is reachable only through
     * /proc/<pid>/root. That /tmp hides the node's, and a clone there: the JVM's classes come from a SharedDir.
     */
    static final List<String> BOX = List.of("unshare", "--pid", "--fork", "--mount-proc", "--kill-child",
            "sh", "-c", "mount -t tmpfs tmpfs /tmp && exec \"$@\"", "sh");

    /** Steady in a BOX, from the workloads' copy in {@code shared}. */
    static TestJvm steadyInABox(SharedDir shared) throws Exception {
        return TestJvm.startWithClasspath(BOX, TestJvm.JDK17, List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m"), shared.workloads(),
                "io.jrss.it.workload.Steady");
    }

    static void assumeUnshare() throws Exception {
        Assumptions.assumeTrue(new ProcessBuilder("unshare", "--pid", "--fork", "--mount-proc", "true").start().waitFor() == 0,
                "unshare --pid --fork --mount-proc needs root");
    }

    @Test
    void explainsAJvmInAnotherPidNamespace() throws Exception {
        assumeUnshare();
        try (SharedDir shared = SharedDir.create("namespace"); TestJvm jvm = steadyInABox(shared)) {
            int pid = jvm.pid();
            String nspid = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("NSpid:"))
                    .findFirst().orElseThrow().split("\\s+")[2];
            assertNotEquals(Integer.toString(pid), nspid, "the JVM should see itself under another pid");
            Cli.Result r = Cli.run("explain", Integer.toString(pid), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertEquals(pid, json.at("/target/pid").asInt());
            assertEquals("summary", json.at("/target/nmt").asText());
            assertTrue(json.get("rss_bytes").asLong() > 0);
        }
    }

    /**
     * The commands that put files into the target, in a container-like box (own pid namespace, own /tmp): the profiler
     * and the dump land in the box's /tmp, where the JVM sees them, owned by its user; nothing of them stays but the library.
     */
    @Test
    void profilesAndDumpsAJvmWithItsOwnTmp() throws Exception {
        assumeUnshare();
        try (SharedDir shared = SharedDir.create("namespace"); TestJvm jvm = steadyInABox(shared)) {
            int pid = jvm.pid();
            Path boxTmp = Path.of("/proc/" + pid + "/root/tmp");
            Cli.Result profile = Cli.run("profile-native", Integer.toString(pid), "--duration", "4s", "--json");
            assertEquals(0, profile.exit(), profile.err());
            String library = new ObjectMapper().readTree(profile.out()).get("library").asText();
            assertTrue(library.startsWith("/tmp/.jrss-async-profiler-"), library);
            assertTrue(Files.isRegularFile(boxTmp.resolve(library.substring("/tmp/".length()))), "the library is in the box's own /tmp");
            assertTrue(Files.readString(Path.of("/proc/" + pid + "/maps")).contains(library), "and the JVM mapped it from there");
            Cli.Result heap = Cli.run("heap", Integer.toString(pid), "--json");
            assertEquals(0, heap.exit(), heap.err());
            assertTrue(new ObjectMapper().readTree(heap.out()).at("/direct_buffers/capacity_bytes").asLong() >= 16L << 20, heap.out());
            try (var s = Files.list(boxTmp)) {
                List<String> left = s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".jrss-") && !n.startsWith(".jrss-async-profiler-")).toList();
                assertEquals(List.of(), left, "the profile's and the dump's directories are removed");
            }
        }
    }
}
