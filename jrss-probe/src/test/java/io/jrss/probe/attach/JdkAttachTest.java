// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java &lt; 16 connection (jdk.attach), run here on JDK 17, which has the module too: the same answers as jrss's own
 * client, and a deadline that holds although jdk.attach's reads have none. The socket is opened first by jrss's own
 * attach, as HotSpotAttach does before it hands over.
 */
class JdkAttachTest {
    private static final String TARGET = "io.jrss.probe.testapp.ProbeTarget";

    private static long deadline(Duration d) { return System.nanoTime() + d.toNanos(); }

    private static Object key(int pid) throws Exception {
        return Files.readAttributes(Path.of("/tmp/.java_pid" + pid), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    @Test
    void answersAsTheJvmDoesAndAFailedCommandIsItsStatus() throws Exception {
        try (TestJvm jvm = TestJvm.java(JDK17, List.of(), TARGET).awaitReady()) {
            HotSpotAttach.to(jvm.pid(), Duration.ofSeconds(10)).jcmd("VM.uptime"); // the socket now exists
            AttachConnection.Reply version = JdkAttach.execute(jvm.pid(), jvm.pid(), key(jvm.pid()), "jcmd", List.of("VM.version", "", ""), deadline(Duration.ofSeconds(10)));
            assertEquals(0, version.status());
            assertTrue(version.output().contains("JDK 17."), version.output());

            // A long answer arrives whole, as jrss's own client reads it (JDK 11's jdk.attach stream stops at 4 KiB for readNBytes).
            String flags = JdkAttach.execute(jvm.pid(), jvm.pid(), key(jvm.pid()), "jcmd", List.of("VM.flags -all", "", ""),
                    deadline(Duration.ofSeconds(10))).output();
            assertTrue(flags.length() > 32 * 1024, "only " + flags.length() + " chars");
            assertEquals(HotSpotAttach.to(jvm.pid(), Duration.ofSeconds(10)).jcmd("VM.flags -all"), flags);

            AttachConnection.Reply unknown = JdkAttach.execute(jvm.pid(), jvm.pid(), key(jvm.pid()), "jcmd", List.of("No.such_command", "", ""), deadline(Duration.ofSeconds(10)));
            assertEquals(-1, unknown.status());
            assertTrue(unknown.output().contains("Unknown diagnostic command"), unknown.output());
            assertTrue(jvm.output().lines().noneMatch(l -> l.contains("Full thread dump")), "jdk.attach sent no SIGQUIT of its own");

            // Another file than the one checked (as when the JVM's /tmp is a link the kernel follows elsewhere): nothing sent.
            Path other = Files.createTempFile("jrss-not-the-socket", "");
            try {
                Object otherKey = Files.readAttributes(other, BasicFileAttributes.class).fileKey();
                AttachConnection.WrongPeer wrong = assertThrows(AttachConnection.WrongPeer.class, () -> JdkAttach.execute(jvm.pid(), jvm.pid(),
                        otherKey, "jcmd", List.of("VM.version", "", ""), deadline(Duration.ofSeconds(10))));
                assertTrue(wrong.getMessage().contains("another file than the socket jrss checked"), wrong.getMessage());
            } finally {
                Files.delete(other);
            }
        }
    }

    @Test
    void aStoppedJvmIsATimeoutNotAHang() throws Exception {
        try (TestJvm jvm = TestJvm.java(JDK17, List.of(), TARGET).awaitReady()) {
            HotSpotAttach.to(jvm.pid(), Duration.ofSeconds(10)).jcmd("VM.uptime");
            jvm.signal("STOP");
            long start = System.nanoTime();
            assertThrows(TimeoutException.class,
                    () -> JdkAttach.execute(jvm.pid(), jvm.pid(), key(jvm.pid()), "jcmd", List.of("VM.version", "", ""), deadline(Duration.ofMillis(700))));
            long took = (System.nanoTime() - start) / 1_000_000;
            assertTrue(took < 3000, "waited " + took + " ms past a 700 ms deadline");
            jvm.signal("CONT");
        }
    }

    @Test
    void onlyTheTwoOperationsJrssUses() {
        assertThrows(IllegalArgumentException.class, () -> JdkAttach.execute(1, 1, "key", "properties", List.of("", "", ""), deadline(Duration.ofSeconds(1))));
    }
}
