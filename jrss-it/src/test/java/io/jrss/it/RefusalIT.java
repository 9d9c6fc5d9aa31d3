// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * jrss explain refuses what it must not signal, with one line and exit 1, and the target lives on without having
 * received SIGQUIT: a non-JVM that would record the signal, an -Xrs JVM (SIGQUIT would kill it) and a JVM with
 * attach disabled (SIGQUIT would make it print a thread dump).
 */
@Isolated // runs alone: its targets record any SIGQUIT they receive
class RefusalIT {
    @Test
    void nonJvmProcessIsRefusedAndGetsNoSignal() throws Exception {
        Path marker = Files.createTempFile("jrss-sigquit", ".marker");
        Files.delete(marker);
        // A JVM's children start with SIGQUIT blocked: unblock it, then record any SIGQUIT in the marker file.
        String py = "import signal,time,sys\nsignal.pthread_sigmask(signal.SIG_UNBLOCK,[signal.SIGQUIT])\n"
                + "signal.signal(signal.SIGQUIT, lambda s,f: open(sys.argv[1],'w').write('got SIGQUIT'))\n"
                + "print('READY', flush=True)\nwhile True: time.sleep(1)\n";
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", py, marker.toString()).redirectErrorStream(true).start();
        try {
            assertEquals("READY", new String(p.getInputStream().readNBytes(5)));
            Cli.Result r = Cli.run("explain", Long.toString(p.pid()));
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "pid " + p.pid() + " is not a Java process");
            Thread.sleep(300);
            assertTrue(p.isAlive());
            assertFalse(Files.exists(marker), "the process received SIGQUIT");
        } finally {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            Files.deleteIfExists(marker);
        }
    }

    @Test
    void xrsJvmIsRefusedAndSurvives() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-Xrs", "-Xmx64m"), "io.jrss.it.workload.Spin")) {
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()));
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "runs with -Xrs");
            Thread.sleep(300);
            assertTrue(jvm.process.isAlive(), "the -Xrs JVM died");
            assertEquals(List.of("READY"), jvm.output);
        }
    }

    @Test
    void attachDisabledJvmIsRefusedAndPrintsNoThreadDump() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, List.of("-XX:+DisableAttachMechanism", "-Xmx64m"), "io.jrss.it.workload.Spin")) {
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()));
            assertEquals(1, r.exit());
            assertOneLine(r.err(), "DisableAttachMechanism");
            Thread.sleep(300);
            assertTrue(jvm.process.isAlive());
            assertFalse(String.join("\n", jvm.output).contains("Full thread dump"), "the JVM got SIGQUIT");
        }
    }

    static void assertOneLine(String err, String expected) { assertOneLine("explain", err, expected); }

    static void assertOneLine(String command, String err, String expected) {
        assertEquals(1, err.strip().lines().count(), "one line on stderr: " + err);
        assertTrue(err.startsWith("jrss " + command + ": "), err);
        assertTrue(err.contains(expected), err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
    }
}
