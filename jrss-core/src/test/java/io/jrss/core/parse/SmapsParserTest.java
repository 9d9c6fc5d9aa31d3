// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmapsParserTest {
    private final String text = read("smaps/jdk17-zgc-smaps-excerpt.txt");

    @Test
    void readsHeadersAndFieldsInBytes() {
        List<Mapping> maps = SmapsParser.parse(text);
        assertEquals(12, maps.size());
        Mapping heap = maps.get(2); // the second of ZGC's three views of the heap
        assertEquals(0x80000000000L, heap.start());
        assertEquals(0x80004000000L, heap.end());
        assertEquals("rw-s", heap.perms());
        assertTrue(heap.isShared());
        assertFalse(heap.isFile()); // memfd, not a file on disk
        assertEquals("/memfd:java_heap (deleted)", heap.pathname());
        assertEquals(Bytes.ofMiB(64), heap.field("Size"));
        assertEquals(Bytes.ofKiB(9652), heap.rss());
        assertEquals(Bytes.ofKiB(4826), heap.pss());
        assertEquals(0L, heap.fields().get("THPeligible")); // a plain number, kept as printed
        assertFalse(heap.fields().containsKey("VmFlags"));
    }

    @Test
    void aMappingListedTwiceWhileSmapsWasReadCountsOnce() {
        // A JDK 21 arena heap that grew by two pages between two of the kernel's pages of smaps: listed at 38332 kB, then
        // again from the same start at 38340 kB, then its reserved tail from the new end.
        List<Mapping> read = SmapsParser.parse(read("smaps/jdk21-torn-arena-heap-excerpt.txt"));
        assertEquals(4, read.size(), "as the kernel wrote it");
        List<Mapping> maps = SmapsParser.listedOnce(read);
        assertEquals(3, maps.size());
        assertEquals(0x7f8c0e571000L, maps.get(1).end(), "the later listing is kept");
        assertEquals(maps.get(1).end(), maps.get(2).start());
        assertEquals(Bytes.ofKiB(98304 + 38308), maps.stream().map(Mapping::rss).reduce(Bytes.ZERO, Bytes::plus));
    }

    @Test
    void zgcMultiMappedHeapIsTheShmemOfStatus() {
        long heapRss = SmapsParser.parse(text).stream().filter(m -> m.pathname().startsWith("/memfd:java_heap"))
                .mapToLong(m -> m.rss().value()).sum();
        // 0 + 9652 + 12268 kB, which /proc/<pid>/status of the same moment reports as RssShmem
        assertEquals(ProcStatusParser.parse(read("proc_status/jdk17-zgc-status.txt")).rssShmem().value(), heapRss);
    }

    @Test
    void anonymousReservedAndFileMappings() {
        List<Mapping> maps = SmapsParser.parse(text);
        Mapping reserved = maps.get(1);
        assertTrue(reserved.isAnonymous());
        assertTrue(reserved.isReservedOnly());
        assertEquals(Bytes.ofKiB(983040), reserved.field("Size"));
        Mapping jvmText = maps.get(9);
        assertTrue(jvmText.isFile());
        assertEquals(0x251000, jvmText.offset());
        assertEquals(315152, jvmText.inode());
        assertEquals("fe:00", jvmText.dev());
        assertEquals(Bytes.ofKiB(11020), jvmText.rss());
        assertEquals("[stack]", maps.get(11).pathname());
    }

    @Test
    void fastOnLargeInput() {
        StringBuilder big = new StringBuilder();
        while (big.length() < 5_000_000) big.append(text); // about 100k lines per 1.7 MB
        long lines = big.chars().filter(c -> c == '\n').count();
        assertTrue(lines > 100_000);
        SmapsParser.parse(big.toString()); // warm up
        long t0 = System.nanoTime();
        List<Mapping> maps = SmapsParser.parse(big.toString());
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(12L * (lines / 300), maps.size());
        assertTrue(ms < 2000, "parsing " + lines + " lines took " + ms + " ms");
    }

    @Test
    void rejectsWhatIsNotSmaps() {
        rejects(() -> SmapsParser.parse(null));
        rejects(() -> SmapsParser.parse(""));
        rejects(() -> SmapsParser.parse(Fixtures.GARBAGE));
        rejects(() -> SmapsParser.parse(Fixtures.BINARY));
        rejects(() -> SmapsParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> SmapsParser.parse(read("smaps_rollup/jdk25-g1-smaps_rollup.txt").replace("[rollup]", "")
                .lines().skip(1).reduce("", (a, b) -> a + b + "\n"))); // fields without a header
        rejects(() -> SmapsParser.parse(read("nmt/jdk17-summary.txt")));
    }

    @Test
    void rejectsTruncated() {
        ParseException e = rejects(() -> SmapsParser.parse(text.substring(0, text.indexOf("7ffe0727e000-7ffe0729f000") + 12)));
        assertTrue(e.line() > 0);
        rejects(() -> SmapsParser.parse(text.substring(0, text.lastIndexOf("[stack]") + 8))); // header without fields
        rejects(() -> SmapsParser.parse(text.substring(0, text.lastIndexOf("Rss:") + 5))); // "Rss:" without a value
    }
}
