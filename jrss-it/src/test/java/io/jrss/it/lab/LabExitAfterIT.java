// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jrss.lab.LabCgroup;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Ready;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batch mode ({@code -Djrss.lab.exitAfter=<seconds>}, {@link Ready}): a scenario goes on after READY for that long,
 * then exits with status 0 by itself, and leaves nothing behind. Three shapes of the 20: one that holds its state
 * (healthy), one that keeps leaking until the exit (thread-leak), and one in a memory cgroup with files to delete
 * (page-cache-in-usage). The catalogue as a whole was measured with 50 s by hand (the report of the change).
 */
@Isolated // runs alone: it measures how long after READY each scenario exits, and checks the node's /tmp
class LabExitAfterIT {
    static final long EXIT_AFTER = 6;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"healthy", "thread-leak", "page-cache-in-usage"})
    void exitsByItselfAfterReady(String name) throws Exception {
        Scenario s = Scenarios.named(name).orElseThrow().exitingAfter(EXIT_AFTER);
        String noCgroup = LabCgroup.unsupported(s.container());
        assumeTrue(noCgroup == null, name + " " + noCgroup + ": skipped");
        long logsBefore = tempEntries("jrss-lab-logs-");
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (LabRunner lab = LabRunner.start(s, RawSignals.JDK17, System.getProperty("java.class.path"), Map.of(), Duration.ofSeconds(60),
                new PrintStream(output, true, StandardCharsets.UTF_8))) {
            long ready = System.nanoTime();
            long threads = RawSignals.status(lab.pid(), "Threads");
            Thread.sleep(EXIT_AFTER * 1000 / 2);
            assertTrue(lab.isAlive(), name + " exited before its time; its output:\n" + output.toString(StandardCharsets.UTF_8));
            long threadsLater = RawSignals.status(lab.pid(), "Threads");
            if (name.equals("thread-leak")) assertTrue(threadsLater > threads, "threads " + threads + " -> " + threadsLater + ": the leak should go on");
            assertTrue(lab.waitFor(Duration.ofSeconds(EXIT_AFTER + 20)), name + " still runs " + (EXIT_AFTER + 20) + " s after READY");
            double after = (System.nanoTime() - ready) / 1e9;
            String out = output.toString(StandardCharsets.UTF_8);
            assertEquals(0, lab.exitValue(), name + " exit status; its output:\n" + out);
            assertTrue(after >= EXIT_AFTER - 0.5 && after < EXIT_AFTER + 10, name + " exited " + after + " s after READY, not about " + EXIT_AFTER);
            assertTrue(out.contains("jrss-lab: exiting " + EXIT_AFTER + " s after READY"), out);
            System.out.printf("[lab] %-20s batch mode: exited by itself %.1f s after READY with status 0%n", name, after);
        }
        assertEquals(logsBefore, tempEntries("jrss-lab-logs-"), "page-cache-in-usage's files are deleted at its exit");
    }

    static long tempEntries(String prefix) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
        }
    }
}
