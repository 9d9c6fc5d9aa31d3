// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import static io.jrss.core.SnapshotBuilder.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.MappingHead;
import io.jrss.core.model.Reading;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Issue 26: glibc's arena memory must land in the malloc rows even when smaps and the heads of the mappings disagree
 * (the target allocated between the two readings) or an arena heap is not found at all (merged with a neighbour).
 * A missed heap's bytes used to go to NMT's GC row, whose committed figure claims whatever anonymous memory is left.
 */
class ArenaHeapsFoundTest {
    static final long ARENA = 0x7f00_0000_0000L;

    static Snapshot capture(String name) throws Exception {
        Path dir = Path.of(Objects.requireNonNull(ArenaHeapsFoundTest.class.getResource("/captures/" + name)).toURI());
        return SnapshotParser.parse(CaptureDirectory.read(dir));
    }

    @Test void aHeapThatGrewBetweenSmapsAndItsHeadIsStillAnArenaHeap() throws Exception {
        // Read by hand from the capture: the zlib arena holds a full heap (0x3ffb000 read-write) and one of 0x25f1000
        // in smaps, whose heap_info said 0x25f3000 a moment later. System.native_heap_info: 16 arenas, 104376 KiB in
        // the zlib arena; NMT: GC malloc 1.0 MiB and mmap committed 37 MiB (G1's tables for a 256 MiB heap, mostly untouched).
        Ledger l = LedgerBuilder.build(capture("jdk21-g1-parts-heap-grew"));
        assertEquals(16, l.malloc().arenas(), "the main arena and 15 others, as native_heap_info counts them");
        assertTrue(l.malloc().arenaResident().mib() > 101.8 + 2.5, "both zlib heaps (63.9 + 37.9 MiB resident) and the others: " + l.malloc());
        assertTrue(l.bytes(Row.NATIVE_MALLOC).mib() > 95, "about 100 MiB of zlib streams: " + l.rows());
        assertTrue(l.bytes(Row.GC_STRUCTURES).mib() < 15, "G1's tables are mostly untouched: " + l.rows());
    }

    @Test void aHeapInfoIsKnownByItsOwnStructure() {
        long rw = 0x25f1000;
        assertTrue(new MappingHead(ARENA, ARENA + 0x30, 0, rw + 0x2000, rw + 0x2000).isArenaHeap(), "first heap, glibc 2.35+");
        assertTrue(new MappingHead(ARENA, ARENA + 0x20, 0, rw, rw).isArenaHeap(), "first heap, glibc 2.17 to 2.34");
        assertTrue(new MappingHead(ARENA, ARENA + 0x6_0000_0030L, ARENA + 0x6_0000_0000L, rw, rw).isArenaHeap(), "a later heap of an arena");
        assertTrue(new MappingHead(ARENA, ARENA + 0x30, 0, 0x1190000, 0x11f0000).isArenaHeap(), "a heap that shrank: size below mprotect_size");
        assertFalse(new MappingHead(ARENA, ARENA + 0x30, 0, 0x11f0000, 0x1190000).isArenaHeap(), "size above mprotect_size");
        assertFalse(new MappingHead(ARENA, ARENA + 0x30, 0, rw, 65 * MIB).isArenaHeap(), "larger than a heap");
        assertFalse(new MappingHead(ARENA, ARENA + 0x30, 0, rw + 8, rw + 8).isArenaHeap(), "not whole pages");
        assertFalse(new MappingHead(ARENA, 0x1234, 0, rw, rw).isArenaHeap(), "ar_ptr not right after the header of a first heap");
        assertFalse(new MappingHead(ARENA, ARENA + 0x30, 0x1000, rw, rw).isArenaHeap(), "prev not a heap");
        assertFalse(new MappingHead(ARENA + 4096, ARENA + 4096 + 0x30, 0, rw, rw).isArenaHeap(), "not at a 64 MiB boundary");
        assertFalse(new MappingHead(ARENA, 0, 0, 0, 0).isArenaHeap(), "zeroes: a JVM reservation");
    }

    /** System.native_heap_info's figures for arenas of {@code system} bytes, {@code free} of them free, no mmapped chunk. */
    static Snapshot withMallocInfo(SnapshotBuilder b, long system, long free) {
        MallocInfo mi = new MallocInfo(List.of(new MallocInfo.Heap(1, Bytes.ZERO, Bytes.of(free), Bytes.of(system), Bytes.of(system), Bytes.of(system), 2)),
                Bytes.ZERO, Bytes.of(free), 0, Bytes.ZERO, Bytes.of(system), Bytes.of(system), Bytes.of(system));
        return b.build().with(Readings.MALLOC_INFO, Reading.of(mi));
    }

    @Test void arenaMemoryNoArenaHeapHoldsIsTakenFromAnonymousMemory() {
        // A full 64 MiB heap the kernel merged with the heap above it: one mapping of 100 MiB that smaps shows as no
        // arena heap (its first 64 MiB are no heap's shape). glibc counts 104 MiB in its arenas, 2 MiB of them free.
        Snapshot s = withMallocInfo(new SnapshotBuilder()
                .arenaHeap(ARENA, 4 * MIB, 4 * MIB)
                .anon(ARENA + 128 * MIB, ARENA + 228 * MIB, "rw-p", 100 * MIB).anon(ARENA + 228 * MIB, ARENA + 256 * MIB, "---p", 0)
                .head(ARENA + 128 * MIB, ARENA + 128 * MIB + 0x30, 0, 64 * MIB, 64 * MIB), 104 * MIB, 2 * MIB);
        Ledger l = LedgerBuilder.build(s);
        assertEquals(1, l.malloc().arenas());
        assertEquals(Bytes.of(102 * MIB), l.bytes(Row.NATIVE_MALLOC), "glibc's 102 MiB in use: 4 in the heap found, 98 in the merged one");
        assertEquals(Bytes.of(2 * MIB), l.unattributed(), "the merged heap's free part stays unexplained");
        assertTrue(l.notes().stream().anyMatch(n -> n.startsWith("glibc counts 100 MiB of arena memory that smaps shows in no arena heap")), l.notes().toString());
    }

    @Test void inUseBytesThatAreNotResidentAreNotLookedForElsewhere() {
        // Every heap found, but 60 MiB of the 64 MiB in use were calloc'd from fresh top and never touched: nothing is missing.
        Snapshot s = withMallocInfo(new SnapshotBuilder().arenaHeap(ARENA, 64 * MIB, 4 * MIB)
                .anon(ARENA + 256 * MIB, ARENA + 276 * MIB, "rw-p", 20 * MIB), 64 * MIB, 0);
        Ledger l = LedgerBuilder.build(s);
        assertEquals(Bytes.of(4 * MIB), l.bytes(Row.NATIVE_MALLOC));
        assertEquals(Bytes.of(20 * MIB), l.unattributed());
    }
}
