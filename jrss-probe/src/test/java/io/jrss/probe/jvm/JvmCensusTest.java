// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.probe.testapp.TestJvm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The exporter's look at /proc, kept between looks: a shell that then execs java (the same pid and start time) is found
 * as a JVM once it is one, and a second look describes nothing it had already decided.
 */
class JvmCensusTest {
    @Test void aShellThatExecsJavaIsFoundOnceItIsAJvmAndKnownProcessesAreNotReadAgain() throws Exception {
        List<String> java = TestJvm.javaCommand(TestJvm.JDK17, List.of(), "io.jrss.probe.testapp.ProbeTarget");
        List<String> command = new ArrayList<>(List.of("sh", "-c", "read line; exec \"$0\" \"$@\""));
        command.addAll(java);
        try (TestJvm shell = TestJvm.start(Map.of(), command)) {
            JvmCensus census = new JvmCensus();
            assertFalse(pids(census).contains(shell.pid()), "a shell, not yet a JVM");
            int described = census.described();
            assertFalse(pids(census).contains(shell.pid()));
            assertEquals(described, census.described(), "nothing changed: nothing described again");
            shell.process().getOutputStream().write('\n');
            shell.process().getOutputStream().flush(); // the shell execs java: same pid, same start time, another exe
            shell.awaitReady();
            assertTrue(pids(census).contains(shell.pid()), "found as a JVM after its exec");
            assertEquals(JvmLocator.list().stream().map(JvmProcess::pid).toList(), pids(census), "the same JVMs as a fresh look");
        }
    }

    static List<Integer> pids(JvmCensus c) { return c.list().stream().map(JvmProcess::pid).toList(); }
}
