// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.probe.testapp.TestJvm;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static io.jrss.probe.testapp.TestJvm.JDK17;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Target specs as jcmd reads them: a pid, or a substring of one JVM's main class. */
class TargetsTest {
    @Test
    void resolvesPidsAndUniqueSubstringsAndExplainsTheRest() throws Exception {
        try (TestJvm solo = TestJvm.java(JDK17, List.of(), "io.jrss.probe.testapp.ResolveSolo");
             TestJvm twin1 = TestJvm.java(JDK17, List.of(), "io.jrss.probe.testapp.ResolveTwin");
             TestJvm twin2 = TestJvm.java(JDK17, List.of(), "io.jrss.probe.testapp.ResolveTwin")) {
            for (TestJvm jvm : List.of(solo, twin1, twin2)) jvm.awaitReady();

            assertEquals(solo.pid(), Targets.resolve(Integer.toString(solo.pid())));
            assertEquals(solo.pid(), Targets.resolve("ResolveSolo"));
            assertEquals(solo.pid(), Targets.resolve("testapp.ResolveSo"));

            String none = "NoSuchMain" + UUID.randomUUID();
            assertEquals("no JVM matches '" + none + "'; list the JVMs with: jrss ps",
                    assertThrows(TargetException.class, () -> Targets.resolve(none)).getMessage());
            assertThrows(TargetException.class, () -> Targets.resolve("resolvesolo"), "case-sensitive");

            int low = Math.min(twin1.pid(), twin2.pid());
            int high = Math.max(twin1.pid(), twin2.pid());
            assertEquals("'ResolveTwin' matches 2 JVMs: " + low + " (io.jrss.probe.testapp.ResolveTwin), "
                            + high + " (io.jrss.probe.testapp.ResolveTwin); give a pid",
                    assertThrows(TargetException.class, () -> Targets.resolve("ResolveTwin")).getMessage());
        }
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            assertEquals("pid " + sleeper.pid() + " is not a Java process",
                    assertThrows(TargetException.class, () -> Targets.resolve(Long.toString(sleeper.pid()))).getMessage());
        } finally {
            sleeper.destroy();
        }
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        assertEquals("no such process: " + done.pid(),
                assertThrows(TargetException.class, () -> Targets.resolve(Long.toString(done.pid()))).getMessage());
    }
}
