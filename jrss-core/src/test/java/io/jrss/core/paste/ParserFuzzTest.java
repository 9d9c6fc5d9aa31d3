// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jrss.core.analysis.CollectNext;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.parse.CodeCacheParser;
import io.jrss.core.parse.HeapInfoParser;
import io.jrss.core.parse.HsErrParser;
import io.jrss.core.parse.MallocInfoParser;
import io.jrss.core.parse.MetaspaceParser;
import io.jrss.core.parse.NmtDiffParser;
import io.jrss.core.parse.NmtSummaryParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.PerfCountersParser;
import io.jrss.core.parse.PmapParser;
import io.jrss.core.parse.ProcStatusParser;
import io.jrss.core.parse.SmapsParser;
import io.jrss.core.parse.SmapsRollupParser;
import io.jrss.core.parse.SystemMapParser;
import io.jrss.core.parse.VmInfoParser;
import io.jrss.core.parse.VmVersionParser;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every parser, and the whole analyze pipeline, on real outputs (the fixtures and the corpus) damaged at random:
 * cut, lines dropped, doubled or swapped, bytes flipped, NULs and huge numbers inserted. A parser may answer or
 * throw its one-line ParseException; anything else (a NullPointerException, an overflow, a hang) fails. Bounded by
 * time ({@code -Djrss.fuzz.seconds}, default 15) and reproducible by seed ({@code -Djrss.fuzz.seed}).
 */
class ParserFuzzTest {
    static final Map<String, Consumer<String>> PARSERS = new LinkedHashMap<>();

    static {
        PARSERS.put("nmt", NmtSummaryParser::parse);
        PARSERS.put("nmt-diff", NmtDiffParser::parse);
        PARSERS.put("smaps", SmapsParser::parse);
        PARSERS.put("smaps_rollup", SmapsRollupParser::parse);
        PARSERS.put("pmap", PmapParser::parse);
        PARSERS.put("status", ProcStatusParser::parseFragment);
        PARSERS.put("malloc_info", MallocInfoParser::parse);
        PARSERS.put("vm_info", VmInfoParser::parse);
        PARSERS.put("vm_version", VmVersionParser::parse);
        PARSERS.put("metaspace", MetaspaceParser::parse);
        PARSERS.put("heap_info", HeapInfoParser::parse);
        PARSERS.put("codecache", CodeCacheParser::parse);
        PARSERS.put("codelist", io.jrss.core.parse.CodeListParser::parse);
        PARSERS.put("system_map", SystemMapParser::parse);
        PARSERS.put("hs_err", HsErrParser::parse);
        PARSERS.put("perf_counters", PerfCountersParser::parse);
        PARSERS.put("jvm_log", io.jrss.core.parse.JvmLogParser::parse);
        PARSERS.put("gc_log", io.jrss.core.parse.GcLogParser::parse);
        PARSERS.put("vitals", io.jrss.core.parse.VitalsParser::parse);
        PARSERS.put("malloc_stats", io.jrss.core.parse.MallocStatsParser::parse);
        PARSERS.put("compiler_memory", io.jrss.core.parse.CompilerMemoryParser::parse);
        PARSERS.put("pmap_diff", io.jrss.core.parse.PmapDiffParser::parse);
        PARSERS.put("oom_kill", HsErrParser::parseOomKill);
        PARSERS.put("thread_dump", io.jrss.core.parse.ThreadDumpParser::parse);
        PARSERS.put("process_tables", io.jrss.core.parse.ProcessTableParser::parse);
        PARSERS.put("pmap_tables", io.jrss.core.parse.PmapTables::series);
        PARSERS.put("class_histogram", io.jrss.core.parse.ClassHistogramParser::parse);
        PARSERS.put("classloader_stats", io.jrss.core.parse.ClassLoaderStatsParser::parse);
        PARSERS.put("kubectl_describe", io.jrss.core.parse.PodDescriptionParser::parse);
        PARSERS.put("docker_stats", io.jrss.core.parse.ContainerUsageParser::docker);
        PARSERS.put("kubectl_top", io.jrss.core.parse.ContainerUsageParser::kubectlTop);
        PARSERS.put("arthas_memory", io.jrss.core.parse.ArthasMemoryParser::parse);
        PARSERS.put("mat_suspects", io.jrss.core.parse.LeakSuspectsParser::parse);
        PARSERS.put("javacore", io.jrss.core.parse.JavacoreParser::nativeMemory);
        PARSERS.put("jstat", io.jrss.core.parse.JstatParser::parse);
        PARSERS.put("jmap_heap", io.jrss.core.parse.JmapHeapParser::parse);
    }

    static List<String> corpus() throws Exception {
        List<String> texts = new ArrayList<>();
        for (String dir : List.of("/fixtures", "/corpus")) {
            Path root = Path.of(Objects.requireNonNull(ParserFuzzTest.class.getResource(dir)).toURI());
            try (Stream<Path> s = Files.walk(root)) {
                for (Path f : s.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".properties")).toList()) {
                    if (Files.size(f) < 2_000_000) texts.add(Files.readString(f, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return texts;
    }

    @Test void damagedOutputsGetAnAnswerOrAOneLineError() throws Exception {
        long seed = Long.getLong("jrss.fuzz.seed", System.nanoTime());
        long deadline = System.nanoTime() + Long.getLong("jrss.fuzz.seconds", 15) * 1_000_000_000L;
        Random r = new Random(seed);
        List<String> texts = corpus();
        int runs = 0;
        while (System.nanoTime() < deadline) {
            String text = damage(texts.get(r.nextInt(texts.size())), r);
            for (var e : PARSERS.entrySet()) check(seed, e.getKey(), text, () -> e.getValue().accept(text));
            check(seed, "analyze", text, () -> {
                Inputs.Assembled a = Inputs.assemble(List.of(new Inputs.Named("fuzz", text)));
                Diagnosis d = Diagnosis.of(SnapshotParser.parse(a.capture()));
                CollectNext.of(d);
                io.jrss.core.analysis.PastedVerdict.of(a.capture());
            });
            runs++;
        }
        assertTrue(runs > 50, "only " + runs + " damaged inputs in the time given (seed " + seed + ")");
        System.out.println("ParserFuzzTest: " + runs + " damaged inputs through " + (PARSERS.size() + 1) + " readers, seed " + seed);
    }

    private static void check(long seed, String what, String text, Runnable r) {
        try {
            r.run();
        } catch (ParseException e) {
            if (!oneLine(e.getMessage())) fail(what + ": a ParseException that is not one line (seed " + seed + "): " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError(what + " threw " + e + " on a damaged input (seed " + seed + "); input starts: "
                    + text.substring(0, Math.min(300, text.length())), e);
        }
    }

    /** What a user sees of a bad input: one line, at most 2,000 characters. */
    static boolean oneLine(String message) { return message != null && !message.contains("\n") && message.length() <= 2000; }

    @Test void theCheckFailsOnAMultiLineErrorAndOnABug() {
        assertThrows(AssertionError.class, () -> check(1, "multi-line", "x", () -> { throw new ParseException(1, "first\nsecond"); }));
        assertThrows(AssertionError.class, () -> check(1, "bug", "x", () -> { throw new NullPointerException(); }));
        check(1, "one line", "x", () -> { throw new ParseException(1, "one line"); });
    }

    static String damage(String text, Random r) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n && !lines.isEmpty(); k++) {
            int i = r.nextInt(lines.size());
            String l = lines.get(i);
            switch (r.nextInt(8)) {
                case 0 -> lines.subList(i, lines.size()).clear();                                  // cut
                case 1 -> lines.remove(i);                                                         // drop a line
                case 2 -> lines.add(i, l);                                                         // double it
                case 3 -> { if (i + 1 < lines.size()) { lines.set(i, lines.get(i + 1)); lines.set(i + 1, l); } } // swap
                case 4 -> lines.set(i, l.isEmpty() ? l : l.substring(0, r.nextInt(l.length())));   // cut inside a line
                case 5 -> lines.set(i, l.replaceAll("\\d+", "99999999999999999999999"));           // overflow every number
                case 6 -> lines.set(i, flip(l, r));                                                // flip characters
                default -> lines.set(i, l + (r.nextBoolean() ? "\0" : " (reserved=" + r.nextLong() + "KB"));
            }
        }
        return String.join("\n", lines);
    }

    private static String flip(String l, Random r) {
        if (l.isEmpty()) return "#";
        char[] c = l.toCharArray();
        for (int j = 0; j < 1 + r.nextInt(3); j++) c[r.nextInt(c.length)] = "0123456789-=:()[]KBx ,\t#".charAt(r.nextInt(24));
        return new String(c);
    }
}
