// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.PostMortem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.jrss.core.parse.Fixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whole JDK 8 hs_err files (fixtures/hs_err/README.md names their origin). The figures below were written from the
 * files by hand; a Parallel generation's committed size is high - low of its "[low, high, high_boundary)" range.
 */
class HsErrParserTest {
    private static Bytes kib(long k) { return Bytes.ofKiB(k); }

    @Test
    void jdk8MallocFailureInC2() {
        String text = read("hs_err/jdk8-krashpad-dataset57-chunkpool-malloc.txt");
        PostMortem p = HsErrParser.parse(text);
        assertEquals("malloc", p.cause());
        assertEquals(Bytes.of(32744), p.requested());
        assertEquals("ChunkPool::allocate", p.purpose());
        assertEquals("allocation.cpp:272", p.location());
        assertEquals("8.0_282-b08", p.jreVersion());
        assertEquals("C2 CompilerThread1", p.thread());
        assertTrue(p.inCompilerArena());
        assertFalse(p.codeCacheFull());
        assertEquals(48.907199, p.uptime(), 1e-6);

        Map<String, String> sections = HsErrParser.sections(text);
        assertFalse(sections.containsKey("nmt")); // NMT was off
        assertTrue(sections.containsKey("meminfo"));
        assertTrue(sections.containsKey("container"));
        HeapInfo h = HeapInfoParser.parse(sections.get("heap"));
        assertEquals("Parallel", h.gc());
        // PSYoungGen [0x00007fcefab00000, 0x00007fcf14800000, ...): 0x19d00000 = 422912K; ParOldGen 0x9e80000 = 162304K
        assertEquals(kib(422912 + 162304), h.committed());
        assertEquals(kib(281007 + 29424), h.used());
        assertEquals(List.of(new AddressRange(0x00007fcefab00000L, 0x00007fcf76e00000L), new AddressRange(0x00007fce02400000L, 0x00007fcefab00000L)),
                h.ranges());
        assertEquals(new HeapInfo.SpaceUsage(kib(35308), kib(36184), kib(36864)), h.metaspace());
        assertNull(h.classSpace()); // no compressed class space: the header has no "compressed oops"
    }

    @Test
    void jdk8HeapCommitFailure() {
        String text = read("hs_err/jdk8-krashpad-dataset29-heap-commit-mmap.txt");
        PostMortem p = HsErrParser.parse(text);
        assertEquals("mmap", p.cause());
        assertEquals(Bytes.of(1633157120L), p.requested());
        assertEquals("committing reserved memory", p.purpose());
        assertEquals("os_linux.cpp:2640", p.location());
        assertEquals("8.0_131-b11", p.jreVersion());
        assertFalse(p.inCompilerArena());
        assertEquals(978145.0, p.uptime(), 1e-6);

        HeapInfo h = HeapInfoParser.parse(HsErrParser.sections(text).get("heap"));
        assertEquals("Parallel", h.gc());
        // PSYoungGen [0x672b00000, 0x7bcd80000, 0x7c0000000): 0x14a280000 = 5409280K; ParOldGen 0x17c980000 = 6235648K
        assertEquals(kib(5409280 + 6235648), h.committed());
        assertEquals(kib(3827047), h.used());
        assertEquals(List.of(new AddressRange(0x672b00000L, 0x7c0000000L), new AddressRange(0x3d8000000L, 0x672b00000L)), h.ranges());
        assertEquals(new HeapInfo.SpaceUsage(kib(101077), kib(113368), kib(1148928)), h.metaspace());
        assertEquals(new HeapInfo.SpaceUsage(kib(11676), kib(14848), kib(1048576)), h.classSpace());
    }

    @Test
    void jdk8CmsHeapOfAnExcerpt() {
        String text = read("hs_err/jdk8-krashpad-dataset88-cms-overcommit-excerpt.txt");
        PostMortem p = HsErrParser.parse(text);
        assertEquals("mmap", p.cause());
        assertEquals(Bytes.of(12288), p.requested());
        assertEquals("committing reserved memory", p.purpose());
        assertEquals("os_linux.cpp:2798", p.location());
        assertEquals("8.0_382-b05", p.jreVersion());
        assertNull(p.thread()); // the excerpt has no thread section
        assertNull(p.uptime());

        HeapInfo h = HeapInfoParser.parse(HsErrParser.sections(text).get("heap"));
        assertEquals("CMS", h.gc());
        // par new [0x8f800000, 0x99e60000, ...): 0xa660000 = 170368K; CMS generation [0x99e60000, 0x100000000, ...): 0x661a0000 = 1672832K
        assertEquals(kib(170368 + 1672832), h.committed()); // = the header's "size: 1800 MB"
        assertEquals(kib(13342 + 533190), h.used());
        assertEquals(List.of(new AddressRange(0x8f800000L, 0x99e60000L), new AddressRange(0x99e60000L, 0x100000000L)), h.ranges());
        assertEquals(new HeapInfo.SpaceUsage(kib(191203), kib(209792), kib(1228800)), h.metaspace());
        assertEquals(new HeapInfo.SpaceUsage(kib(25299), kib(30080), kib(1048576)), h.classSpace());
    }
}
