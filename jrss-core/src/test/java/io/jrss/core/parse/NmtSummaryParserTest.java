// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NmtSummaryParserTest {
    private static Bytes kib(long k) { return Bytes.ofKiB(k); }

    private static NmtCategory cat(NmtSummary s, String name) {
        return s.category(name).orElseThrow(() -> new AssertionError("no category " + name));
    }

    /** Sum of malloc + arena + tracking overhead, the figure JDK 17+ prints as "malloc:" under Total. */
    private static long mallocSumKiB(NmtSummary s) {
        return s.categories().stream().mapToLong(c -> c.malloc().plus(c.arena()).plus(c.trackingOverhead()).value()).sum() / 1024;
    }

    @Test
    void jdk17Summary() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk17-summary.txt"));
        assertEquals("summary", s.level());
        assertEquals(kib(1506316), s.totalReserved());
        assertEquals(kib(128412), s.totalCommitted());
        assertEquals(kib(6860), s.totalMalloc());
        assertEquals(17, s.categories().size());
        assertEquals(kib(65536), s.committed("Java Heap"));
        NmtCategory thread = cat(s, "Thread");
        assertEquals(20, thread.count());
        assertEquals(kib(832), thread.stackCommitted());
        assertEquals(kib(20480), thread.stackReserved());
        assertEquals(kib(31), thread.malloc());
        assertEquals(kib(22), thread.arena());
        // HotSpot: committed = stack + malloc + arena for Thread
        assertEquals(thread.committed(), thread.stackCommitted().plus(thread.malloc()).plus(thread.arena()));
        assertEquals(499, cat(s, "Class").count());
        assertEquals(kib(128), cat(s, "Class").mmapCommitted());
        assertEquals(kib(66), cat(s, "Native Memory Tracking").trackingOverhead());
        assertEquals(kib(719), s.mallocd("Arena Chunk"));
        assertEquals(-1, cat(s, "Code").count());
        // the printed malloc total equals the sum of malloc + arena + overhead, up to KB rounding
        assertEquals(6859, mallocSumKiB(s));
    }

    @Test
    void jdk17ScaleMbDropsSubMegabyteLines() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk17-summary-scale-mb.txt"));
        assertEquals(Bytes.ofMiB(1471), s.totalReserved());
        assertEquals(Bytes.ofMiB(125), s.totalCommitted());
        assertEquals(Bytes.ofMiB(7), s.totalMalloc());
        assertEquals(Bytes.ofMiB(64), s.committed("Java Heap"));
        assertEquals(Bytes.ZERO, cat(s, "Class").malloc()); // 76KB rounds away at scale=MB, and is not printed
    }

    @Test
    void jdk25SummaryHasTagsAndPeaks() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk25-summary.txt"));
        assertEquals(kib(1507464), s.totalReserved());
        assertEquals(kib(133468), s.totalCommitted());
        assertEquals(kib(11204), s.totalMalloc());
        assertEquals(kib(58), cat(s, "Class").malloc()); // "(malloc=58KB tag=Class #560) (at peak)"
        assertEquals(18, cat(s, "Thread").count()); // "(threads #18)"
        assertEquals(kib(848), cat(s, "Thread").stackCommitted());
        assertEquals(kib(13908), s.committed("Shared class space")); // "readonly=0KB" after committed
        assertEquals(kib(3072), s.mallocd("Other")); // the 3 MiB direct buffer of the fixture program
        assertEquals(kib(1), cat(s, "Code").arena()); // JDK 25: Code has an arena line
        assertEquals(Bytes.ZERO, s.committed("GCCardSet"));
        assertTrue(Math.abs(mallocSumKiB(s) - 11204) <= s.categories().size());
    }

    @Test
    void jdk25ScaleGb() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk25-summary-scale-gb.txt"));
        assertEquals(Bytes.ofGiB(1), s.totalReserved());
        assertEquals(Bytes.ZERO, s.totalCommitted());
        assertEquals(Bytes.ofGiB(1), cat(s, "Class").reserved());
    }

    @Test
    void jdk25DetailReadsOnlyTheSummaryPart() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk25-detail-head.txt"));
        assertEquals("detail", s.level());
        assertEquals(kib(1507465), s.totalReserved());
        assertEquals(kib(11205), s.totalMalloc());
        assertEquals(kib(124), cat(s, "Native Memory Tracking").trackingOverhead());
        assertFalse(s.category("Virtual memory map").isPresent());
    }

    @Test
    void jdk8LayoutWithoutMallocTotal() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk8-summary-web1992-read.txt"));
        assertEquals(kib(4209123), s.totalReserved());
        assertEquals(kib(3042659), s.totalCommitted());
        assertEquals(10, s.categories().size());
        assertEquals(311, cat(s, "Thread").count());
        assertEquals(kib(318640), cat(s, "Thread").stackCommitted());
        assertEquals(22691, cat(s, "Class").count());
        assertEquals(kib(196), cat(s, "Arena Chunk").malloc()); // "(malloc=196KB)" without a count
        // no "malloc:" line: the sum of malloc + arena + tracking overhead
        assertEquals(kib(8973 + 1022 + 492 + 33018 + 5813 + 783 + 131 + 171815 + 25297 + 3876 + 278 + 7061 + 196), s.totalMalloc());
    }

    /** openjdk:8-jdk in Docker (fixtures/nmt/README.md): 8u's malloc lines with counts, trailing spaces, no "malloc:" total. */
    @Test
    void jdk8DockerSummaryWithMallocCounts() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk8-summary-wayofthepie-blog.txt"));
        assertEquals(kib(5576143), s.totalReserved());
        assertEquals(kib(1117747), s.totalCommitted());
        assertEquals(10, s.categories().size());
        assertEquals(kib(920064), s.committed("Java Heap"));
        NmtCategory c = cat(s, "Class");
        assertEquals(405, c.count());
        assertEquals(kib(9353), c.malloc());
        assertEquals(178, c.mallocCount());
        assertEquals(kib(4864), c.mmapCommitted());
        NmtCategory t = cat(s, "Thread");
        assertEquals(21, t.count());
        assertEquals(kib(20560), t.stackCommitted());
        assertEquals(kib(62), t.malloc());
        assertEquals(kib(23), t.arena());
        assertEquals(kib(20560), s.threadStacks());
        assertEquals(kib(9423), cat(s, "Internal").malloc()); // on JDK 8 direct buffers are in here
        assertEquals(1417, cat(s, "Internal").mallocCount());
        assertEquals(kib(32), cat(s, "Internal").mmapCommitted());
        assertEquals(kib(61), cat(s, "Native Memory Tracking").trackingOverhead());
        assertEquals(kib(175), cat(s, "Arena Chunk").malloc());
        assertEquals(kib(138564), s.mmapCommitted("GC"));
        // no "malloc:" line on JDK 8: the sum of malloc + arena + tracking overhead of the ten categories
        assertEquals(kib(9353 + 62 + 23 + 55 + 10383 + 3 + 131 + 9423 + 902 + 456 + 99 + 61 + 175), s.totalMalloc());
        assertEquals(Bytes.ZERO, s.directBuffers()); // no "Other" on JDK 8: direct buffers are not told apart from Internal
    }

    /** JDK 8 at scale=MB (fixtures/nmt/README.md): categories under 1 MB are left out without a word. */
    @Test
    void jdk8ScaleMbLeavesOutSmallCategoriesSilently() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk8-summary-scale-mb-valentinomiazzo.txt"));
        assertEquals(Bytes.ofMiB(1540), s.totalReserved());
        assertEquals(Bytes.ofMiB(61), s.totalCommitted());
        assertEquals(6, s.categories().size());
        assertEquals(Bytes.ofMiB(46), s.committed("Java Heap"));
        assertEquals(Bytes.ofMiB(256), cat(s, "Java Heap").reserved());
        assertEquals(414, cat(s, "Class").count());
        assertEquals(Bytes.ZERO, cat(s, "Class").malloc()); // not printed at this scale
        assertEquals(11, cat(s, "Thread").count());
        assertEquals(Bytes.ofMiB(6), cat(s, "Thread").stackCommitted());
        assertEquals(Bytes.ofMiB(3), s.committed("Code"));
        assertEquals(Bytes.ofMiB(2), s.mmapCommitted("Code"));
        assertEquals(Bytes.ZERO, s.committed("GC"));
        assertEquals(Bytes.ofMiB(1), cat(s, "Symbol").malloc());
        assertTrue(s.category("Internal").isEmpty());
        assertEquals(Bytes.ofMiB(1), s.totalMalloc()); // the only malloc line printed
    }

    @Test
    void jdk11ExcerptWithMetadataBlocks() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk11-summary-adoptium-748-excerpt.txt"));
        assertEquals(kib(3178299), s.totalReserved());
        assertEquals(kib(2097152), s.committed("Java Heap"));
        NmtCategory c = cat(s, "Class");
        assertEquals(7730, c.count());
        assertEquals(kib(1927), c.malloc());
        assertEquals(kib(53196), c.mmapCommitted()); // not the Metadata sub-block's committed=47308KB
    }

    @Test
    void jdk21ThreadsAndPeaks() {
        NmtSummary s = NmtSummaryParser.parse(read("nmt/jdk21-summary-ctrung-refcard.txt"));
        assertEquals(kib(5589178), s.totalReserved());
        assertEquals(kib(19878), s.totalMalloc());
        assertEquals(27, cat(s, "Thread").count()); // "(threads #27)"
        assertEquals(kib(1872), cat(s, "Thread").stackCommitted()); // "committed=1872KB, peak=1980KB"
        assertEquals(kib(17293), cat(s, "GC").malloc());
        assertEquals(kib(29), s.committed("GCCardSet"));
        assertEquals(Bytes.ZERO, s.committed("Unknown"));
        assertTrue(Math.abs(mallocSumKiB(s) - 19878) <= s.categories().size());
    }

    @Test
    void disabledAndSummaryOnly() {
        String off = read("nmt/jdk25-nmt-off.txt");
        assertTrue(NmtSummaryParser.isDisabled(off));
        assertTrue(rejects(() -> NmtSummaryParser.parse(off)).getMessage().contains("NativeMemoryTracking"));
        assertFalse(NmtSummaryParser.isDisabled(read("nmt/jdk17-summary.txt")));
        rejects(() -> NmtSummaryParser.parse(read("nmt/jdk17-detail-not-enabled.txt")));
    }

    @Test
    void rejectsWhatIsNotNmt() {
        rejects(() -> NmtSummaryParser.parse(null));
        rejects(() -> NmtSummaryParser.parse(""));
        rejects(() -> NmtSummaryParser.parse("  \n\n"));
        rejects(() -> NmtSummaryParser.parse(Fixtures.GARBAGE));
        rejects(() -> NmtSummaryParser.parse(Fixtures.BINARY));
        rejects(() -> NmtSummaryParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> NmtSummaryParser.parse(read("heap_info/jdk17-g1.txt")));
    }

    @Test
    void rejectsTruncatedOutput() {
        String text = read("nmt/jdk17-summary.txt");
        ParseException e = rejects(() -> NmtSummaryParser.parse(Fixtures.truncated(text, 0.5)));
        assertTrue(e.line() > 0, e.getMessage());
        var totalsOnly = NmtSummaryParser.parse(text.substring(0, text.indexOf("-                 Java Heap"))); // a paste cut after Total
        assertTrue(totalsOnly.categories().isEmpty() && totalsOnly.totalCommitted().isPositive(), "the totals are read, no category is made up");
        rejects(() -> NmtSummaryParser.parse(text.replace("reserved=65536KB, committed=65536KB)", "reserved=65536KB, committed=655")));
        rejects(() -> NmtSummaryParser.parse(text.replace("committed=128412KB", "committed=12x8412KB")));
    }

    @Test
    void peaksOfTheCompilersArenas() {
        var jdk17 = NmtSummaryParser.parse(read("nmt/jdk17-summary.txt"));
        assertEquals(io.jrss.core.model.Bytes.ofKiB(933), jdk17.category("Compiler").orElseThrow().arenaPeak());
        assertEquals(io.jrss.core.model.Bytes.ofKiB(1399), jdk17.category("Arena Chunk").orElseThrow().mallocPeak());
        assertEquals(io.jrss.core.model.Bytes.ofKiB(1399), jdk17.compilerPeak(), "the larger of Compiler's arena peak and Arena Chunk's");
        var jdk25 = NmtSummaryParser.parse(read("nmt/jdk25-summary.txt"));
        assertEquals(io.jrss.core.model.Bytes.ofKiB(1994), jdk25.compilerPeak());
        var at = NmtSummaryParser.parse("Native Memory Tracking:\nTotal: reserved=100KB, committed=50KB\n"
                + "-                  Compiler (reserved=40KB, committed=40KB)\n                            (malloc=35KB tag=Compiler #58) (at peak)\n");
        assertEquals(io.jrss.core.model.Bytes.ofKiB(35), at.category("Compiler").orElseThrow().mallocPeak(), "(at peak): the peak is now");
    }
}
