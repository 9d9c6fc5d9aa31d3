// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtDiff;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real {@code summary.diff} outputs, verbatim, under fixtures/nmt. Origin: the target was {@code java -Xmx64m
 * -XX:+UseG1GC -XX:NativeMemoryTracking=summary -cp . Grow}, a 40-line program that parks 12 threads and holds a
 * 2 MiB direct buffer, prints READY; then {@code jcmd <pid> VM.native_memory baseline}; then, told by a file, it
 * lets the 12 threads end, allocates 16 direct buffers of 1 MiB and loads 14 JDK classes (java.util.zip.Deflater,
 * java.text.SimpleDateFormat, ...) over 4 s; 7 s after the baseline {@code jcmd <pid> VM.native_memory summary.diff}
 * was read once per scale, then the JVM was killed. Machine as in fixtures/nmt/README.md (Debian 12, 2 vCPU).
 * <ul>
 * <li>jdk17-summary-diff.txt: {@code /usr/bin/java} = OpenJDK 17.0.15+6-Debian-1deb12u1, {@code /usr/bin/jcmd},
 *     {@code VM.native_memory summary.diff}</li>
 * <li>jdk17-summary-diff-scale-mb.txt: same JVM, {@code summary.diff scale=MB}</li>
 * <li>jdk17-summary-diff-no-baseline.txt: another JDK 17 JVM of the same program, {@code summary.diff} without a
 *     baseline</li>
 * <li>jdk25-summary-diff.txt: {@code /usr/lib/jvm/temurin-25-jdk-amd64/bin/java} = Temurin 25.0.3+9-LTS, jcmd
 *     from the same directory, {@code summary.diff}</li>
 * <li>jdk25-summary-diff-scale-mb.txt, jdk25-summary-diff-scale-gb.txt: same JVM, {@code scale=MB}, {@code scale=GB}</li>
 * </ul>
 * The negative deltas are real: the ended threads (Thread) and the compiler's freed arena chunks (Arena Chunk).
 */
class NmtDiffParserTest {
    private static Bytes kib(long k) { return Bytes.ofKiB(k); }

    private static NmtDiff.Change cat(NmtDiff d, String name) {
        return d.category(name).orElseThrow(() -> new AssertionError("no category " + name));
    }

    private static List<String> names(List<NmtDiff.Change> changes) {
        return changes.stream().map(NmtDiff.Change::name).toList();
    }

    @Test
    void jdk17TotalsAndGrowth() {
        NmtDiff d = NmtDiffParser.parse(read("nmt/jdk17-summary-diff.txt"));
        // "Total: reserved=1523451KB +2312KB, committed=147643KB +14196KB"
        assertEquals(kib(1523451), d.totalReserved());
        assertEquals(kib(2312), d.totalReservedDelta());
        assertEquals(kib(147643), d.totalCommitted());
        assertEquals(kib(14196), d.totalCommittedDelta());
        assertEquals(19, d.categories().size());
        NmtDiff.Change other = cat(d, "Other"); // the 16 direct buffers of 1 MiB
        assertEquals(kib(18434), other.committed());
        assertEquals(kib(16384), other.committedDelta());
        assertEquals(kib(16384), other.reservedDelta());
        NmtDiff.Change klass = cat(d, "Class"); // "(reserved=1048698KB +19KB, committed=314KB +83KB)"
        assertEquals(kib(1048698), klass.reserved());
        assertEquals(kib(19), klass.reservedDelta());
        assertEquals(kib(314), klass.committed());
        assertEquals(kib(83), klass.committedDelta());
        NmtDiff.Change heap = cat(d, "Java Heap"); // no change: no delta printed
        assertEquals(kib(65536), heap.committed());
        assertEquals(Bytes.ZERO, heap.committedDelta());
        assertEquals(Bytes.ZERO, heap.reservedDelta());
        assertEquals(kib(2), cat(d, "Object Monitors").committed());
        // the category deltas add up to the Total's, up to one KB of rounding per category
        long sum = d.categories().stream().mapToLong(c -> c.committedDelta().value()).sum();
        assertTrue(Math.abs(sum - d.totalCommittedDelta().value()) <= 1024L * d.categories().size(), "sum " + sum);
    }

    @Test
    void jdk17NegativeDeltas() {
        NmtDiff d = NmtDiffParser.parse(read("nmt/jdk17-summary-diff.txt"));
        NmtDiff.Change thread = cat(d, "Thread"); // "(reserved=19506KB -12323KB, committed=866KB -1271KB)"
        assertEquals(kib(19506), thread.reserved());
        assertEquals(kib(-12323), thread.reservedDelta());
        assertEquals(kib(866), thread.committed());
        assertEquals(kib(-1271), thread.committedDelta());
        assertEquals("-1.24 MiB", thread.committedDelta().toIec());
        assertEquals(kib(-1950), cat(d, "Arena Chunk").committedDelta());
        // the arena sub-line "(arena=20KB -14 #36 -24)" lacks the unit (a JDK 17 quirk) and is skipped
    }

    @Test
    void grownMostIsPositiveCommittedDeltasDescending() {
        NmtDiff d = NmtDiffParser.parse(read("nmt/jdk17-summary-diff.txt"));
        assertEquals(List.of("Other", "Metaspace", "Class"), names(d.grownMost(3)));
        List<NmtDiff.Change> all = d.grownMost(100);
        assertEquals(11, all.size()); // 19 categories: 6 unchanged, Thread and Arena Chunk shrank
        assertTrue(all.stream().allMatch(c -> c.committedDelta().isPositive()));
        assertFalse(names(all).contains("Thread"));
        assertEquals(List.of(), d.grownMost(0));
    }

    @Test
    void jdk17ScaleMb() {
        NmtDiff d = NmtDiffParser.parse(read("nmt/jdk17-summary-diff-scale-mb.txt"));
        assertEquals(Bytes.ofMiB(1488), d.totalReserved()); // "Total: reserved=1488MB +2MB, committed=144MB +14MB"
        assertEquals(Bytes.ofMiB(2), d.totalReservedDelta());
        assertEquals(Bytes.ofMiB(144), d.totalCommitted());
        assertEquals(Bytes.ofMiB(14), d.totalCommittedDelta());
        assertEquals(Bytes.ofMiB(16), cat(d, "Other").committedDelta());
        assertEquals(Bytes.ZERO, cat(d, "Class").committedDelta()); // +83KB rounds away
        assertEquals(Bytes.ofMiB(1), cat(d, "Metaspace").committedDelta()); // +768KB rounds up, "committed=1MB +1MB"
        NmtDiff.Change chunks = cat(d, "Arena Chunk"); // "(reserved=0MB -2MB, committed=0MB -2MB)"
        assertEquals(Bytes.ZERO, chunks.committed());
        assertEquals(Bytes.ofMiB(-2), chunks.committedDelta());
        assertEquals(Bytes.ofMiB(-1), cat(d, "Thread").committedDelta());
        assertFalse(d.category("Compiler").isPresent()); // below 1MB and unchanged at this scale: not printed
    }

    @Test
    void jdk25WithMallocAndMmapTotals() {
        NmtDiff d = NmtDiffParser.parse(read("nmt/jdk25-summary-diff.txt"));
        // "Total: reserved=1522177KB +3955KB, committed=149269KB +15827KB", then "malloc=25917KB +16243KB #9788 +3135"
        assertEquals(kib(1522177), d.totalReserved());
        assertEquals(kib(3955), d.totalReservedDelta());
        assertEquals(kib(149269), d.totalCommitted());
        assertEquals(kib(15827), d.totalCommittedDelta());
        assertEquals(20, d.categories().size());
        assertEquals(kib(16392), cat(d, "Other").committedDelta());
        assertEquals(kib(80), cat(d, "Class").committedDelta());
        assertEquals(kib(-1293), cat(d, "Thread").committedDelta());
        assertEquals(kib(-5), cat(d, "Internal").committedDelta());
        assertEquals(kib(-3), cat(d, "Tracing").reservedDelta());
        assertEquals(kib(13908), cat(d, "Shared class space").committed());
        assertEquals(List.of("Other", "Metaspace", "Code"), names(d.grownMost(3)));
    }

    @Test
    void jdk25ScaleMbAndGb() {
        NmtDiff mb = NmtDiffParser.parse(read("nmt/jdk25-summary-diff-scale-mb.txt"));
        assertEquals(Bytes.ofMiB(146), mb.totalCommitted());
        assertEquals(Bytes.ofMiB(15), mb.totalCommittedDelta());
        assertEquals(Bytes.ofMiB(-12), cat(mb, "Thread").reservedDelta());
        // scale=GB: "Total: reserved=1GB, committed=0GB" without deltas; only the counts show it is a diff
        String gbText = read("nmt/jdk25-summary-diff-scale-gb.txt");
        assertTrue(NmtDiffParser.isDiff(gbText));
        NmtDiff gb = NmtDiffParser.parse(gbText);
        assertEquals(Bytes.ofGiB(1), gb.totalReserved());
        assertEquals(Bytes.ZERO, gb.totalReservedDelta());
        assertEquals(Bytes.ZERO, gb.totalCommittedDelta());
        assertEquals(List.of("Class"), names(gb.categories()));
        assertEquals(List.of(), gb.grownMost(5));
    }

    @Test
    void isDiffByContent() {
        for (String f : List.of("jdk17-summary-diff.txt", "jdk17-summary-diff-scale-mb.txt", "jdk25-summary-diff.txt",
                "jdk25-summary-diff-scale-mb.txt", "jdk25-summary-diff-scale-gb.txt")) {
            assertTrue(NmtDiffParser.isDiff(read("nmt/" + f)), f);
        }
        for (String f : List.of("jdk17-summary.txt", "jdk17-summary-scale-mb.txt", "jdk25-summary.txt",
                "jdk25-summary-scale-gb.txt", "jdk25-detail-head.txt", "jdk21-summary-ctrung-refcard.txt",
                "jdk8-summary-web1992-read.txt", "jdk25-nmt-off.txt", "jdk17-summary-diff-no-baseline.txt")) {
            assertFalse(NmtDiffParser.isDiff(read("nmt/" + f)), f);
        }
        assertFalse(NmtDiffParser.isDiff(null));
        assertFalse(NmtDiffParser.isDiff(Fixtures.GARBAGE));
    }

    @Test
    void rejectsSummaryAndMissingBaseline() {
        assertTrue(rejects(() -> NmtDiffParser.parse(read("nmt/jdk17-summary.txt"))).getMessage().contains("summary.diff"));
        assertTrue(rejects(() -> NmtDiffParser.parse(read("nmt/jdk17-summary-diff-no-baseline.txt"))).getMessage().contains("baseline"));
        assertTrue(rejects(() -> NmtDiffParser.parse(read("nmt/jdk25-nmt-off.txt"))).getMessage().contains("NativeMemoryTracking"));
    }

    @Test
    void rejectsWhatIsNotNmt() {
        rejects(() -> NmtDiffParser.parse(null));
        rejects(() -> NmtDiffParser.parse(""));
        rejects(() -> NmtDiffParser.parse(Fixtures.GARBAGE));
        rejects(() -> NmtDiffParser.parse(Fixtures.BINARY));
        rejects(() -> NmtDiffParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> NmtDiffParser.parse(read("heap_info/jdk17-g1.txt")));
    }

    @Test
    void rejectsTruncatedOutput() {
        String text = read("nmt/jdk17-summary-diff.txt");
        ParseException e = rejects(() -> NmtDiffParser.parse(Fixtures.truncated(text, 0.5)));
        assertTrue(e.line() > 0, e.getMessage());
        rejects(() -> NmtDiffParser.parse(text.substring(0, text.indexOf("-                 Java Heap"))));
        // the Total line cut inside its last delta: "+14196KB" becomes "+14"
        ParseException cut = rejects(() -> NmtDiffParser.parse(text.substring(0, text.indexOf("196KB\n"))));
        assertEquals(7, cut.line(), cut.getMessage());
        rejects(() -> NmtDiffParser.parse(text.replace("committed=866KB -1271KB)", "committed=866KB -12")));
        rejects(() -> NmtDiffParser.parse(text.replace("+16384KB, committed=18434KB", "+16x384KB, committed=18434KB")));
    }

    @Test
    void aDiffIsAlsoTheSummaryOfNow() {
        for (String f : List.of("jdk17-summary-diff.txt", "jdk25-summary-diff.txt", "jdk17-summary-diff-scale-mb.txt")) {
            String text = read("nmt/" + f);
            NmtDiff diff = NmtDiffParser.parse(text);
            io.jrss.core.model.NmtSummary now = NmtSummaryParser.parse(NmtDiffParser.current(text));
            assertEquals(diff.totalCommitted(), now.totalCommitted(), f);
            assertEquals(diff.totalReserved(), now.totalReserved(), f);
            for (NmtDiff.Change c : diff.categories()) {
                assertEquals(c.committed(), now.category(c.name()).orElseThrow().committed(), f + " " + c.name());
            }
        }
        io.jrss.core.model.NmtSummary jdk17 = NmtSummaryParser.parse(NmtDiffParser.current(read("nmt/jdk17-summary-diff.txt")));
        assertEquals(19, jdk17.category("Thread").orElseThrow().count(), "'(thread #19 -12)': the count now");
        assertEquals(kib(30), jdk17.category("Thread").orElseThrow().malloc(), "'(malloc=30KB -21KB #118 -72)'");
        String torn = read("nmt/jdk17-summary-diff.txt");
        torn = torn.substring(0, torn.indexOf("-                      Code (reserved=247764KB +20KB, commi") + 52);
        assertTrue(NmtSummaryParser.parse(NmtDiffParser.current(torn)).category("Code").isEmpty(), "a torn last category is unknown, not half read");
    }
}
