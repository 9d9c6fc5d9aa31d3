// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static io.jrss.probe.testapp.TestJvm.JDK25;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Refusals: each target must be alive afterwards and must not have received SIGQUIT. */
class AttachSafetyTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String TARGET = "io.jrss.probe.testapp.ProbeTarget";

    @Test
    void refusesAProcessThatIsNotAJvm() throws Exception {
        // Python records a SIGQUIT in a marker file; if jrss signalled it, the marker appears. A child
        // of a JVM starts with SIGQUIT blocked (HotSpot blocks it outside its signal dispatcher and
        // exec keeps the mask), so the script unblocks it; bash could not.
        try (TestJvm shell = TestJvm.start(Map.of(), List.of("/usr/bin/python3", "-c", "import signal, time, pathlib\n"
                + "signal.signal(signal.SIGQUIT, lambda *a: pathlib.Path('sigquit-received').touch())\n"
                + "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGQUIT])\n"
                + "print('READY', flush=True)\n"
                + "while True: time.sleep(0.05)\n"))) {
            shell.awaitReady();
            Path marker = shell.cwd().resolve("sigquit-received");

            AttachException e = assertThrows(AttachException.class, () -> HotSpotAttach.to(shell.pid(), TIMEOUT).jcmd("VM.version"));
            TestJvm.settle();

            assertEquals(AttachException.Kind.REFUSED, e.kind());
            assertEquals("pid " + shell.pid() + " is not a Java process (no libjvm.so in /proc/" + shell.pid()
                    + "/maps); check the pid with: jrss ps", e.getMessage());
            assertTrue(shell.alive());
            assertFalse(Files.exists(marker), "jrss sent SIGQUIT to a non-JVM");
            // The detector works: a real SIGQUIT leaves the marker.
            shell.signal("QUIT");
            TestJvm.settle();
            assertTrue(Files.exists(marker), "the trap did not fire; this test proves nothing");
        }
    }

    @Test
    void xrsJvmIsRefusedEvenThoughItsStartupSocketExists() throws Exception {
        // -Xrs leaves SIGQUIT at its default action (terminate). Such JVMs open the socket at startup, but jrss
        // refuses them outright: one /tmp cleaner later the only way in is the signal that kills them.
        try (TestJvm jdk17 = TestJvm.java(JDK17, List.of("-Xrs"), TARGET); TestJvm jdk25 = TestJvm.java(JDK25, List.of("-Xrs"), TARGET)) {
            for (TestJvm jvm : List.of(jdk17.awaitReady(), jdk25.awaitReady())) {
                int pid = jvm.pid();
                assertTrue(Files.exists(Path.of("/tmp/.java_pid" + pid)), "an -Xrs JVM opens its socket at startup");
                AttachException e = assertThrows(AttachException.class, () -> HotSpotAttach.to(pid, TIMEOUT).jcmd("VM.version"));
                TestJvm.settle();

                assertEquals(AttachException.Kind.REFUSED, e.kind());
                assertTrue(e.getMessage().startsWith("pid " + pid + " runs with -Xrs: it does not handle SIGQUIT"), e.getMessage());
                assertTrue(e.getMessage().endsWith("restart it without -Xrs to use jrss"), e.getMessage());
                assertTrue(jvm.alive(), "the -Xrs JVM was killed");
                assertEquals("READY\n", jvm.output());
                assertEquals(List.of(), HotSpotAttachTest.triggerFiles(jvm));
            }
        }
    }

    @Test
    void disableAttachMechanismOnTheCommandLineOrInTheEnvironment() throws Exception {
        // The second JVM has no hsperfdata, so the flag is found in /proc/<pid>/environ.
        try (TestJvm flag = TestJvm.java(JDK17, List.of("-XX:+DisableAttachMechanism"), TARGET);
             TestJvm env = TestJvm.start(Map.of("JAVA_TOOL_OPTIONS", "-XX:+DisableAttachMechanism"),
                     TestJvm.javaCommand(JDK25, List.of("-XX:-UsePerfData"), TARGET))) {
            for (TestJvm jvm : List.of(flag.awaitReady(), env.awaitReady())) {
                AttachException e = assertThrows(AttachException.class, () -> HotSpotAttach.to(jvm.pid(), TIMEOUT));
                TestJvm.settle();

                assertEquals(AttachException.Kind.REFUSED, e.kind());
                assertEquals("pid " + jvm.pid() + " runs with -XX:+DisableAttachMechanism, so it accepts no attach;"
                        + " restart it without that flag to use jrss", e.getMessage());
                assertTrue(jvm.alive());
                // SIGQUIT would have made it print a thread dump.
                assertFalse(jvm.output().contains("Full thread dump"), jvm.output());
            }
            // The dump is what a SIGQUIT does to these JVMs: the assertion above can fail.
            flag.signal("QUIT");
            TestJvm.settle();
            assertTrue(flag.output().contains("Full thread dump"), flag.output());
        }
    }
}
