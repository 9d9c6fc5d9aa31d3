// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a watch can end early ends cleanly, on the real jar: the report (here its JSON) is printed, and what was
 * recorded stays readable by {@code jrss analyze}. Ctrl-C (SIGINT to jrss), a target that dies, a target that stops
 * answering (SIGSTOP), and a recording on a full disk (a 2 MiB tmpfs).
 */
@Isolated // runs alone: it bounds how long watch takes to end
class WatchEndsIT {
    static final List<String> FLAGS = List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m");
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir Path tmp;

    record Ended(int exit, JsonNode json, String err) {}

    /** Starts a watch, lets {@code during} act on it after a few samples, and waits for it to end. */
    Ended watch(TestJvm jvm, Path record, Interaction during, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Cli.java(), "-jar", Cli.jar(), "watch", Integer.toString(jvm.pid()),
                "--interval", "300ms", "--full-interval", "1s", "--json", "--record", record.toString()));
        cmd.addAll(List.of(extra));
        Path out = tmp.resolve("out.json"), err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (countSamples(err) < 4 && System.nanoTime() < deadline && p.isAlive()) Thread.sleep(100);
        during.act(p);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the watch did not end: " + Files.readString(err));
        String e = Files.readString(err, StandardCharsets.UTF_8);
        JsonNode json = Files.size(out) > 0 ? JSON.readTree(out.toFile()) : null;
        return new Ended(p.exitValue(), json, e);
    }

    interface Interaction { void act(Process watch) throws Exception; }

    static long countSamples(Path err) throws IOException {
        return Files.exists(err) ? Files.readAllLines(err).stream().filter(l -> l.contains("] sample ")).count() : 0;
    }

    static void signal(long pid, String sig) throws Exception { new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor(); }

    void assertReadable(Path record, Ended ended) throws Exception { assertReadable(record, ended, true); }

    /** @param sameFindings false when the watch went on after its recording stopped */
    void assertReadable(Path record, Ended ended, boolean sameFindings) throws Exception {
        Cli.Result r = Cli.run("analyze", record.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode replay = JSON.readTree(r.out());
        assertTrue(replay.get("timeline").get("sample_count").asInt() >= 1, "samples kept");
        if (sameFindings) assertEquals(ended.json().get("findings"), replay.get("findings"), "the same findings offline");
    }

    @Test void ctrlCEndsWithTheReport() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, FLAGS, "io.jrss.it.workload.Steady")) {
            Path rec = tmp.resolve("rec");
            Ended e = watch(jvm, rec, p -> signal(p.pid(), "INT"));
            assertEquals(0, e.exit(), e.err());
            assertEquals("stopped", e.json().get("timeline").get("end").get("reason").asText());
            assertTrue(jvm.process.isAlive(), "Ctrl-C of jrss leaves the target alone");
            assertReadable(rec, e);
        }
    }

    @Test void aTargetThatDiesEndsTheWatchWithWhatWasGathered() throws Exception {
        Path rec = tmp.resolve("rec");
        TestJvm jvm = TestJvm.start(TestJvm.JDK17, FLAGS, "io.jrss.it.workload.Steady");
        Ended e = watch(jvm, rec, p -> jvm.close());
        assertEquals(0, e.exit(), e.err());
        assertEquals("target_exited", e.json().get("timeline").get("end").get("reason").asText());
        assertTrue(e.json().get("rss_bytes").asLong() > 0, "the last full sample's ledger");
        assertReadable(rec, e);
    }

    @Test void aTargetThatStopsAnsweringEndsTheWatch() throws Exception {
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, FLAGS, "io.jrss.it.workload.Steady")) {
            Path rec = tmp.resolve("rec");
            long t0 = System.nanoTime();
            Ended e;
            try {
                e = watch(jvm, rec, p -> signal(jvm.pid(), "STOP"), "--timeout", "1s", "--max-unanswered", "2");
            } finally {
                signal(jvm.pid(), "CONT");
            }
            assertEquals(0, e.exit(), e.err());
            assertEquals("unanswered", e.json().get("timeline").get("end").get("reason").asText());
            assertTrue(e.err().contains("stopped answering"), e.err());
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(40), "bounded by the timeouts");
            assertTrue(jvm.process.isAlive(), "the target lives on");
            assertReadable(rec, e);
        }
    }

    @Test void aFullDiskStopsTheRecordingAndKeepsWhatWasWritten() throws Exception {
        Path mnt = Files.createDirectories(tmp.resolve("small"));
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(m.waitFor() == 0, "needs root to mount a small tmpfs: " + new String(m.getInputStream().readAllBytes()));
        try (TestJvm jvm = TestJvm.start(TestJvm.JDK17, FLAGS, "io.jrss.it.workload.Steady")) {
            Path rec = mnt.resolve("rec");
            Ended e = watch(jvm, rec, p -> { }, "--duration", "60s");
            assertEquals(1, e.exit(), "a recording that could not be written is a failure: " + e.err());
            assertEquals("record_failed", e.json().get("timeline").get("end").get("reason").asText());
            assertTrue(e.err().contains("could not write the recording"), e.err());
            assertReadable(rec, e, false);
        } finally {
            new ProcessBuilder("umount", mnt.toString()).start().waitFor();
        }
    }
}
