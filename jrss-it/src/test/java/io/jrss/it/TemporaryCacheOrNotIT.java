// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 31: the temporary buffer cache where it hides, and not where it is not, on real JVMs. The lab's
 * TemporaryBufferWrites (26 workers writing 12 MiB heap buffers through gathering socket writes: about 312 MiB cached,
 * counted as ordinary direct buffers up to JDK 23) raises direct-buffer-cache on JDK 17, 21 and 25, and the census
 * agrees (one 12 MiB buffer cached per worker). A real Ehcache 3 off-heap tier of 128 MB, which the application owns,
 * raises none: live, from a capture, and from the outputs people paste (NMT summary and /proc status).
 */
class TemporaryCacheOrNotIT {
    @TempDir static Path tmp;

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 21, 25})
    void workersWritingLargeHeapBuffersCacheThemAndJrssSaysSo(int feature) throws Exception {
        Assumptions.assumeTrue(TestJvm.absent(feature) == null, TestJvm.absent(feature));
        try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), TestJvm.jdk(feature), List.of("-XX:NativeMemoryTracking=summary", "-Xmx512m"),
                System.getProperty("jrss.lab.classes"), "io.jrss.lab.TemporaryBufferWrites")) {
            JsonNode j = explain(jvm.pid());
            JsonNode f = finding(j, "direct-buffer-cache");
            assertTrue(f != null, "JDK " + feature + ": " + j.get("findings") + j.get("not_evaluated"));
            assertTrue(f.at("/evidence/direct_memory").asLong() >= 200L << 20, f.toString());
            assertTrue(f.at("/evidence/ruled_out").asText().contains("per thread"), f.toString());
            if (feature == 17) { // the census tells the cache apart for sure: one 12 MiB buffer per worker, by name
                Cli.Result r = Cli.run("heap", Integer.toString(jvm.pid()), "--json");
                assertEquals(0, r.exit(), r.err());
                int workers = 0;
                for (JsonNode t : RunAndWatch.JSON.readTree(r.out()).at("/temporary_cache/threads")) {
                    if (!t.get("thread").asText().startsWith("qtp-worker-")) continue;
                    workers++;
                    assertTrue(t.get("bytes").asLong() >= 12L << 20, t.toString());
                }
                assertEquals(26, workers, r.out());
            }
        }
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(ints = {17, 21, 25})
    void anOffHeapCacheTheApplicationOwnsIsNotTheTemporaryCache(int feature) throws Exception {
        Assumptions.assumeTrue(TestJvm.absent(feature) == null, TestJvm.absent(feature));
        try (TestJvm jvm = TestJvm.start(TestJvm.jdk(feature), List.of("-XX:NativeMemoryTracking=summary", "-Xmx256m"), "io.jrss.it.workload.OffHeapStore")) {
            String pid = Integer.toString(jvm.pid());
            JsonNode live = explain(jvm.pid());
            assertTrue(direct(live) >= 120L << 20, "Ehcache's 128 MB are in the direct-buffers row: " + live.get("ledger"));
            assertEquals(null, finding(live, "direct-buffer-cache"), "live: " + live.get("findings"));

            Path capture = tmp.resolve("ehcache-" + feature);
            Cli.Result c = Cli.run("capture", pid, "-o", capture.toString());
            assertEquals(0, c.exit(), c.err());
            JsonNode saved = json(Cli.run("explain", "--capture", capture.toString(), "--json"));
            assertEquals(null, finding(saved, "direct-buffer-cache"), "capture: " + saved.get("findings"));

            // what a ticket holds: NMT's summary and the thread count, pasted
            Path nmt = tmp.resolve("nmt-" + feature + ".txt"), status = tmp.resolve("status-" + feature + ".txt");
            Files.writeString(nmt, jcmd(feature, pid, "VM.native_memory", "summary"));
            Files.writeString(status, Files.readString(Path.of("/proc/" + pid + "/status")));
            JsonNode pasted = json(Cli.run("analyze", nmt.toString(), status.toString(), "--json"));
            assertEquals(null, finding(pasted, "direct-buffer-cache"), "pasted: " + pasted.get("findings"));
        }
    }

    static JsonNode explain(int pid) throws Exception { return json(Cli.run("explain", Integer.toString(pid), "--json")); }

    static JsonNode json(Cli.Result r) throws Exception {
        assertEquals(0, r.exit(), r.err());
        return RunAndWatch.JSON.readTree(r.out());
    }

    static JsonNode finding(JsonNode report, String id) {
        for (JsonNode f : report.get("findings")) if (f.get("id").asText().equals(id)) return f;
        return null;
    }

    static long direct(JsonNode report) {
        for (JsonNode r : report.get("ledger")) if (r.get("id").asText().equals("direct-buffers")) return r.get("bytes").asLong();
        return 0;
    }

    static String jcmd(int feature, String pid, String... command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(TestJvm.jdk(feature).resolve("bin/jcmd").toString(), pid));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertFalse(out.isBlank());
        return out;
    }
}
