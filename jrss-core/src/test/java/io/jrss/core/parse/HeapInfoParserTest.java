// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class HeapInfoParserTest {
    private static final AddressRange HEAP_64M = new AddressRange(0xfc000000L, 0x100000000L);

    private static HeapInfo parse(String name) { return HeapInfoParser.parse(read("heap_info/" + name + ".txt")); }

    @Test
    void g1Jdk17And25() {
        HeapInfo h17 = parse("jdk17-g1");
        assertEquals("G1", h17.gc());
        assertEquals(Bytes.ofKiB(65536), h17.committed());
        assertEquals(Bytes.ofKiB(10045), h17.used());
        assertEquals(List.of(HEAP_64M), h17.ranges());
        assertEquals(Bytes.ofMiB(1), h17.regionSize());
        assertEquals(new HeapInfo.SpaceUsage(Bytes.ofKiB(103), Bytes.ofKiB(320), Bytes.ofKiB(1114112)), h17.metaspace());
        assertEquals(Bytes.ofKiB(128), h17.classSpace().committed());
        HeapInfo h25 = parse("jdk25-g1"); // "total reserved 65536K, committed 65536K, used 11693K"
        assertEquals(Bytes.ofKiB(65536), h25.committed());
        assertEquals(Bytes.ofKiB(11693), h25.used());
        assertNull(h25.metaspace()); // JDK 25 moved the Metaspace lines to VM.metaspace
    }

    @Test
    void parallelAndSerialCountEveryGeneration() {
        HeapInfo p = parse("jdk17-parallel");
        assertEquals("Parallel", p.gc());
        // young [feb00000, 100000000) committed 21504K (its "total 18944K" leaves out one survivor) + old 44032K
        assertEquals(Bytes.ofKiB(65536), p.committed());
        assertEquals(Bytes.ofKiB(11353), p.used());
        assertEquals(List.of(new AddressRange(0xfeb00000L, 0x100000000L), new AddressRange(0xfc000000L, 0xfeb00000L)), p.ranges());
        assertNull(p.regionSize());
        HeapInfo s17 = parse("jdk17-serial");
        assertEquals("Serial", s17.gc());
        assertEquals(Bytes.ofKiB(11467), s17.used());
        assertEquals(List.of(new AddressRange(0xfc000000L, 0xfd550000L), new AddressRange(0xfd550000L, 0x100000000L)), s17.ranges());
        HeapInfo s25 = parse("jdk25-serial"); // "DefNew" / "Tenured"
        assertEquals("Serial", s25.gc());
        assertEquals(Bytes.ofKiB(10961 + 1166), s25.used());
        assertEquals(Bytes.ofKiB(65536), s25.committed());
        assertEquals(Bytes.ofKiB(11014 + 1166), parse("jdk25-parallel").used());
    }

    @Test
    void zgcPrintsNoRange() {
        HeapInfo z17 = parse("jdk17-zgc");
        assertEquals("ZGC", z17.gc());
        assertEquals(Bytes.ofMiB(64), z17.committed());
        assertEquals(Bytes.ofMiB(12), z17.used());
        assertEquals(List.of(), z17.ranges());
        assertEquals(Bytes.ofKiB(161), z17.metaspace().used());
        HeapInfo z25 = parse("jdk25-zgc");
        assertEquals("ZGC (generational)", z25.gc());
        assertEquals(Bytes.ofMiB(64), z25.committed());
    }

    @Test
    void shenandoahAndEpsilon() {
        HeapInfo s17 = parse("jdk17-shen");
        assertEquals("Shenandoah", s17.gc());
        assertEquals(Bytes.ofKiB(65536), s17.committed());
        assertEquals(Bytes.ofKiB(11008), s17.used());
        assertEquals(Bytes.ofKiB(256), s17.regionSize());
        assertEquals(List.of(HEAP_64M), s17.ranges());
        HeapInfo s25 = parse("jdk25-shen"); // "256 x 256 K regions"
        assertEquals(Bytes.ofKiB(256), s25.regionSize());
        assertEquals(Bytes.ofKiB(11776), s25.used());
        HeapInfo e = parse("jdk17-epsilon");
        assertEquals("Epsilon", e.gc());
        assertEquals(Bytes.ofKiB(65536), e.committed());
        assertEquals(Bytes.of(0xfcaacba0L - 0xfc000000L), e.used());
        assertEquals(List.of(HEAP_64M), e.ranges());
        assertEquals(Bytes.of(0xfcabe698L - 0xfc000000L), parse("jdk25-epsilon").used());
    }

    @Test
    void rejects_() {
        String parallel = read("heap_info/jdk17-parallel.txt");
        rejects(() -> HeapInfoParser.parse(""));
        rejects(() -> HeapInfoParser.parse(null));
        rejects(() -> HeapInfoParser.parse(Fixtures.GARBAGE));
        rejects(() -> HeapInfoParser.parse(Fixtures.BINARY));
        rejects(() -> HeapInfoParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> HeapInfoParser.parse(read("nmt/jdk17-summary.txt")));
        rejects(() -> HeapInfoParser.parse(Fixtures.truncated(read("heap_info/jdk17-g1.txt"), 0.3)));
        rejects(() -> HeapInfoParser.parse(parallel.substring(0, parallel.indexOf(" ParOldGen")))); // old gen cut off
    }
}
