// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static io.jrss.probe.testapp.TestJvm.JDK25;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The attach protocol against real JDK 17 and 25 JVMs. */
class HotSpotAttachTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String TARGET = "io.jrss.probe.testapp.ProbeTarget";
    private static final List<String> NMT = List.of("-XX:NativeMemoryTracking=summary");

    @Test
    void jcmdAnswersOnJdk17And25AndLeavesNoTriggerFile() throws Exception {
        try (TestJvm jdk17 = TestJvm.java(JDK17, NMT, TARGET); TestJvm jdk25 = TestJvm.java(JDK25, NMT, TARGET)) {
            for (TestJvm jvm : List.of(jdk17.awaitReady(), jdk25.awaitReady())) {
                Path socket = Path.of("/tmp/.java_pid" + jvm.pid());
                assertFalse(Files.exists(socket), "a fresh JVM has no socket: this attach must go through the trigger");

                HotSpotAttach attach = HotSpotAttach.to(jvm.pid(), TIMEOUT);
                String version = attach.jcmd("VM.version");
                String nmt = attach.jcmd("VM.native_memory summary");

                assertTrue(version.contains(jvm == jdk17 ? "JDK 17." : "JDK 25."), version);
                assertTrue(nmt.contains("Native Memory Tracking"), nmt);
                assertTrue(nmt.contains("Java Heap (reserved="), nmt);
                assertTrue(Files.exists(socket), "the listener was started");
                assertEquals(List.of(), triggerFiles(jvm), "no .attach_pid file left behind");
                assertFalse(jvm.output().contains("Full thread dump"), "SIGQUIT started the listener, not a thread dump");
            }
        }
    }

    @Test
    void unknownCommandIsTheJvmsFailureNotAConnectionFailure() throws Exception {
        try (TestJvm jdk17 = TestJvm.java(JDK17, List.of(), TARGET); TestJvm jdk25 = TestJvm.java(JDK25, List.of(), TARGET)) {
            HotSpotAttach on17 = HotSpotAttach.to(jdk17.awaitReady().pid(), TIMEOUT);
            JcmdFailed failed = assertThrows(JcmdFailed.class, () -> on17.jcmd("System.native_heap_info"));

            assertEquals(AttachException.Kind.JCMD_FAILED, failed.kind());
            assertEquals(-1, failed.status());
            assertTrue(failed.unknownCommand(), failed.jvmMessage());
            assertTrue(failed.getMessage().startsWith("pid " + jdk17.pid() + " could not run System.native_heap_info: Unknown diagnostic command"),
                    failed.getMessage());
            assertTrue(on17.jcmd("VM.uptime").strip().endsWith("s"), "the JVM still answers after the failure");

            // JDK 21+ has the command: glibc's malloc_info XML.
            String heapInfo = HotSpotAttach.to(jdk25.awaitReady().pid(), TIMEOUT).jcmd("System.native_heap_info");
            assertTrue(heapInfo.contains("<malloc version="), heapInfo);
        }
    }

    @Test
    void largeOutputArrivesComplete() throws Exception {
        // 1500 threads, 20 frames each: Thread.print answers with well over 200 KiB.
        try (TestJvm jdk17 = TestJvm.java(JDK17, List.of("-Xss256k"), TARGET, "1500");
             TestJvm jdk25 = TestJvm.java(JDK25, List.of("-Xss256k"), TARGET, "1500")) {
            for (TestJvm jvm : List.of(jdk17.awaitReady(), jdk25.awaitReady())) {
                String dump = HotSpotAttach.to(jvm.pid(), TIMEOUT).jcmd("Thread.print");
                String reference = jcmd(jvm.pid(), "Thread.print");

                assertTrue(dump.length() > 200 * 1024, "only " + dump.length() + " chars");
                assertEquals(1500, count(dump, "\"probe-parked-"), "every thread is in the dump");
                assertTrue(dump.strip().endsWith(lastLine(reference)), "ends as jcmd's: " + lastLine(reference));
                // jcmd prints "<pid>:" first; the rest differs only in timestamps and counters.
                assertEquals(reference.length(), dump.length(), reference.length() / 50.0);
            }
        }
    }

    @Test
    void stoppedTargetTimesOutInsteadOfHanging() throws Exception {
        try (TestJvm jvm = TestJvm.java(JDK17, List.of(), TARGET)) {
            HotSpotAttach attach = HotSpotAttach.to(jvm.awaitReady().pid(), Duration.ofSeconds(1));
            attach.jcmd("VM.version"); // opens the socket, so the next call sends no signal
            jvm.signal("STOP");
            try {
                long start = System.nanoTime();
                AttachException e = assertThrows(AttachException.class, () -> attach.jcmd("VM.info"));
                long millis = (System.nanoTime() - start) / 1_000_000;

                assertEquals(AttachException.Kind.TIMEOUT, e.kind());
                assertTrue(e.getMessage().startsWith("pid " + jvm.pid() + " did not answer VM.info within 1s (it is stopped"),
                        e.getMessage());
                assertTrue(millis >= 900 && millis < 2000, millis + " ms");
            } finally {
                jvm.signal("CONT");
            }
            assertTrue(attach.jcmd("VM.version").contains("JDK 17."), "answers again once resumed");
        }
    }

    @Test
    void noSuchProcess() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        AttachException e = assertThrows(AttachException.class, () -> HotSpotAttach.to((int) done.pid(), TIMEOUT));
        assertEquals(AttachException.Kind.NO_SUCH_PROCESS, e.kind());
        assertEquals("no such process: " + done.pid() + "; list the JVMs with: jrss ps", e.getMessage());
    }

    static List<Path> triggerFiles(TestJvm jvm) throws Exception {
        try (Stream<Path> cwd = Files.list(jvm.cwd()); Stream<Path> tmp = Files.list(Path.of("/tmp"))) {
            return Stream.concat(cwd, tmp)
                    .filter(p -> p.getFileName().toString().startsWith(".attach_pid" + jvm.pid())
                            || p.getParent().equals(jvm.cwd()) && p.getFileName().toString().startsWith(".attach_pid"))
                    .toList();
        }
    }

    private static String jcmd(int pid, String command) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/jcmd", Integer.toString(pid), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        return out.substring(out.indexOf('\n') + 1); // drop "<pid>:"
    }

    private static String lastLine(String text) {
        String t = text.strip();
        return t.substring(t.lastIndexOf('\n') + 1);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) n++;
        return n;
    }
}
