// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.core.model.Bytes;
import io.jrss.probe.jvm.JvmLocator;
import io.jrss.probe.jvm.JvmProcess;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Targets in another pid and mount namespace, and targets of another user. Need root. */
class ContainerAndUserTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String TARGET = "io.jrss.probe.testapp.ProbeTarget";
    private static final int NOBODY = 65534;

    @Test
    void jvmInAnotherPidAndMountNamespaceWithAPrivateTmp() throws Exception {
        assumeTrue(isRoot() && new ProcessBuilder("unshare", "--pid", "--fork", "--mount-proc", "true").start().waitFor() == 0,
                "needs root to create pid and mount namespaces");
        // A JVM that was pid 1 of a namespace sharing the host /tmp, and was killed, leaves this socket behind;
        // host pid 1 is init, not a JVM, so such a file here is stale and would defeat the check below.
        Files.deleteIfExists(Path.of("/tmp/.java_pid1"));
        // The JVM is pid 1 of a new pid namespace and has its own /tmp: its socket exists only
        // inside, so jrss must use /proc/<pid>/root/tmp and the namespace pid, as in a container.
        List<String> command = new ArrayList<>(List.of("unshare", "--pid", "--fork", "--mount-proc", "--kill-child",
                "sh", "-c", "mount -t tmpfs tmpfs /tmp && exec \"$@\"", "sh"));
        // That /tmp hides the node's, and a clone there with the test classes: the JVM gets a copy where it can see it.
        Path dir = sharedDir();
        command.addAll(List.of(JDK17, "-Xmx64m", "-cp", readableTestClasses(dir), TARGET));
        try (TestJvm box = TestJvm.start(Map.of(), command)) {
            box.awaitReady(); // unshare works here: a JVM that does not start is a failure, not a reason to skip
            int hostPid = (int) box.process().toHandle().children().findFirst().orElseThrow().pid();
            box.usePid(hostPid);

            HotSpotAttach attach = HotSpotAttach.to(hostPid, TIMEOUT);
            assertEquals(1, attach.nspid());
            assertFalse(Files.exists(Path.of("/tmp/.java_pid1")), "the namespace's /tmp is private");

            assertTrue(attach.jcmd("VM.version").contains("JDK 17."));
            assertTrue(Files.exists(Path.of("/proc/" + hostPid + "/root/tmp/.java_pid1")), "the socket is in the namespace's own /tmp");
            try (Stream<Path> files = Files.list(box.cwd())) {
                assertEquals(List.of(), files.toList(), "no .attach_pid1 left in the JVM's cwd");
            }
            JvmProcess seen = JvmLocator.describe(hostPid).orElseThrow();
            assertEquals(1, seen.nspid());
            assertEquals(TARGET, seen.mainClass(), "read from the namespace's hsperfdata");
            assertTrue(seen.javaVersion().startsWith("17."));
            assertTrue(seen.attachable(), seen.whyNot());
        } finally {
            deleteTree(dir);
        }
    }

    @Test
    void anotherUsersJvmNamesTheUserToRunAs() throws Exception {
        assumeTrue(isRoot() && Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs root and setpriv");
        Path dir = sharedDir();
        String classpath = readableClasspath(dir);
        // A root JVM, and a JVM of nobody; both get the same probe run as the other user.
        try (TestJvm rootJvm = TestJvm.java(JDK17, List.of(), TARGET);
             TestJvm nobodyJvm = TestJvm.start(Map.of(), asNobody(List.of(JDK17, "-Xmx64m", "-cp", readableTestClasses(dir), TARGET)))) {
            rootJvm.awaitReady();
            nobodyJvm.awaitReady();

            Process probe = new ProcessBuilder(asNobody(List.of(JDK17, "-Xmx32m", "-cp", classpath,
                    "io.jrss.probe.attach.Main", Integer.toString(rootJvm.pid()), "VM.version")))
                    .redirectErrorStream(true).start();
            String out = new String(probe.getInputStream().readAllBytes());

            assertEquals(1, probe.waitFor(), out);
            assertEquals("jrss: pid " + rootJvm.pid() + " belongs to user 'root' (uid 0); run jrss as that user: sudo -u root jrss ...\n", out);
            TestJvm.settle();
            assertTrue(rootJvm.alive());
            assertEquals("READY\n", rootJvm.output(), "no signal reached it");

            // Root may attach to anyone on JDK 11+: HotSpot accepts a root peer, and a root-owned trigger file.
            assertTrue(HotSpotAttach.to(nobodyJvm.pid(), TIMEOUT).jcmd("VM.version").contains("JDK 17."));
            JvmProcess nobody = JvmLocator.describe(nobodyJvm.pid()).orElseThrow();
            assertEquals("nobody", nobody.user());
            assertEquals(NOBODY, nobody.uid());
            assertTrue(nobody.rss().greaterThan(Bytes.ofMiB(1)));
        } finally {
            deleteTree(dir);
        }
    }

    private static List<String> asNobody(List<String> command) {
        List<String> all = new ArrayList<>(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        all.addAll(command);
        return all;
    }

    /**
     * A directory of the test's own that every user can enter and that a private /tmp does not hide: not the clone,
     * which may sit under /tmp or in a home only its owner can enter (root's /root is 0700), but /var/tmp.
     */
    private static Path sharedDir() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/var/tmp"), "jrss-probe-cp-");
        new ProcessBuilder("chmod", "755", dir.toString()).start().waitFor();
        return dir;
    }

    /** The test classes (ProbeTarget's) copied into dir, readable by all. */
    private static String readableTestClasses(Path dir) throws Exception {
        Path copy = dir.resolve("test-classes");
        if (!Files.isDirectory(copy)) {
            copyTree(TestJvm.testClasses(), copy);
            new ProcessBuilder("chmod", "-R", "a+rX", copy.toString()).start().waitFor();
        }
        return copy.toString();
    }

    /** target/classes and the jrss-core jar copied into dir, readable by all (~/.m2 is root's only). */
    private static String readableClasspath(Path dir) throws Exception {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(":")) {
            Path p = Path.of(entry);
            if (p.endsWith("classes") || p.getFileName().toString().startsWith("jrss-core")) {
                Path copy = dir.resolve(entries.size() + "-" + p.getFileName());
                copyTree(p, copy);
                entries.add(copy.toString());
            }
        }
        new ProcessBuilder("chmod", "-R", "a+rX", dir.toString()).start().waitFor();
        return String.join(":", entries);
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Files.copy(p, to.resolve(from.relativize(p).toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        }
    }

    private static boolean isRoot() throws Exception {
        return ProcPid.self().status().euid() == 0;
    }
}
