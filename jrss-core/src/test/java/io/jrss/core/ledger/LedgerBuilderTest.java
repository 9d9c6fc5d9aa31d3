// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import static io.jrss.core.SnapshotBuilder.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.model.Bytes;
import org.junit.jupiter.api.Test;

class LedgerBuilderTest {
    static final long HEAP = 0x6_0000_0000L;
    static final long ARENA = 0x7f00_0000_0000L; // 64 MiB aligned

    @Test
    void heapRangeIsExactAndRowsSumToTheRss() {
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().heapRange(HEAP, HEAP + 512 * MIB)
                .anon(HEAP, HEAP + 256 * MIB, "rw-p", 100 * MIB).anon(HEAP + 256 * MIB, HEAP + 512 * MIB, "---p", 0)
                .map(0x7f10_0000_0000L, 0x7f10_0100_0000L, "r-xp", "/usr/lib/jvm/x/lib/server/libjvm.so", 12 * MIB)
                .anon(0x7f10_0100_0000L, 0x7f10_0110_0000L, "rw-p", MIB) // its .bss
                .map(0x7f20_0000_0000L, 0x7f20_4000_0000L, "r--s", "/data/index.bin", 40 * MIB)
                .anon(0x7f30_0000_0000L, 0x7f30_0100_0000L, "rw-p", 3 * MIB)
                .build());
        assertEquals(Bytes.of(156 * MIB), l.rss());
        assertEquals(Bytes.of(100 * MIB), l.bytes(Row.JAVA_HEAP));
        assertEquals(Accuracy.exact, l.row(Row.JAVA_HEAP).orElseThrow().accuracy());
        assertEquals(Bytes.of(13 * MIB), l.bytes(Row.JVM_BINARIES));
        assertEquals(Bytes.of(40 * MIB), l.bytes(Row.MAPPED_FILES));
        // NMT is off: anonymous memory up to the estimated GC side tables (G1, 256 MiB committed: 9 MiB) is theirs.
        assertEquals(Bytes.of(3 * MIB), l.bytes(Row.GC_STRUCTURES));
        assertEquals(Accuracy.estimate, l.row(Row.GC_STRUCTURES).orElseThrow().accuracy());
        assertEquals(Bytes.ZERO, l.unattributed());
    }

    @Test
    void anonymousMemoryNoReadingExplainsIsUnattributed() {
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().anon(0x7f30_0000_0000L, 0x7f30_0100_0000L, "rw-p", 3 * MIB).build());
        assertEquals(Bytes.of(3 * MIB), l.unattributed());
        assertEquals(l.rss(), l.unattributed());
    }

    @Test
    void anArenaShapedReservationWithoutAHeapInfoHeaderIsNotAnArena() {
        // docs/pitfalls.md 3: same shape as an arena heap, but its first words are not a heap_info.
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(0, 0)
                .anon(ARENA, ARENA + 2 * MIB, "rw-p", 2 * MIB).anon(ARENA + 2 * MIB, ARENA + 64 * MIB, "---p", 0)
                .head(ARENA, 0x1234, 0x5678, 0, 0).build());
        assertEquals(0, l.malloc().arenas());
        assertEquals(Bytes.of(2 * MIB), l.unattributed());
    }

    @Test
    void withoutHeadersTheShapeIsTakenAsAnArena() {
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(MIB, MIB).headsNotRead()
                .anon(ARENA, ARENA + 2 * MIB, "rw-p", 2 * MIB).anon(ARENA + 2 * MIB, ARENA + 64 * MIB, "---p", 0).build());
        assertEquals(1, l.malloc().arenas());
    }


    @Test
    void aHeapThatShrankIsStillAnArena() {
        // Read from the lab's glibc-arena-bloat on glibc 2.36: shrink_heap lowered size to 0x1190000 and madvised the rest;
        // the read-write part stays mprotect_size (0x11f0000) long. Missing it sent 85 MiB of arenas to NMT's GC row.
        long rw = 0x11f0000, size = 0x1190000;
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(MIB, MIB)
                .anon(ARENA, ARENA + rw, "rw-p", 17 * MIB).anon(ARENA + rw, ARENA + 64 * MIB, "---p", 0)
                .head(ARENA, ARENA + 0x30, 0, size, rw)
                .anon(ARENA + 64 * MIB, ARENA + 64 * MIB + rw, "rw-p", 2 * MIB).anon(ARENA + 64 * MIB + rw, ARENA + 128 * MIB, "---p", 0)
                .head(ARENA + 64 * MIB, ARENA + 0x30, 0, rw, size).build()); // mprotect_size below size: not a heap_info
        assertEquals(1, l.malloc().arenas());
        assertEquals(Bytes.of(17 * MIB), l.malloc().arenaResident());
    }
    @Test
    void mallocFreeIsTheArenasResidentBytesNotInUse() {
        // 200 MiB of arena heaps, all resident; glibc: 150 MiB free in the arenas (fordblks), 50 MiB in use.
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(50 * MIB, 150 * MIB)
                .arenaHeap(ARENA, 64 * MIB, 64 * MIB).arenaHeap(ARENA + 64 * MIB, 64 * MIB, 64 * MIB)
                .arenaHeap(ARENA + 128 * MIB, 64 * MIB, 64 * MIB).arenaHeap(ARENA + 192 * MIB, 8 * MIB, 8 * MIB).build());
        assertEquals(Bytes.of(150 * MIB), l.bytes(Row.MALLOC_FREE));
        assertEquals(Bytes.of(50 * MIB), l.bytes(Row.NATIVE_MALLOC), "NMT off: all in-use malloc");
        assertEquals(4, l.malloc().arenas());
        assertEquals(Bytes.ZERO, l.unattributed());
    }

    @Test
    void theReservedTailOfAFullArenaHeapIsNotAThreadStackGuard() {
        // A full heap ends in 32 KiB of reserved pages right below the next heap: the shape of a stack guard.
        long rw = 64 * MIB - 32 * 1024;
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(128 * MIB, 0)
                .arenaHeap(ARENA, rw, rw).arenaHeap(ARENA + 64 * MIB, rw, rw).build());
        assertEquals(Bytes.ZERO, l.bytes(Row.THREAD_STACKS));
        assertEquals(2, l.malloc().arenas());
    }

    @Test
    void threadStacksSitAboveTheirGuardPages() {
        long base = 0x7f50_0000_0000L;
        Ledger l = LedgerBuilder.build(new SnapshotBuilder()
                .anon(base, base + 16 * 1024, "---p", 0).anon(base + 16 * 1024, base + MIB, "rw-p", 96 * 1024)
                .anon(base + MIB, base + MIB + 4096, "---p", 0).anon(base + MIB + 4096, base + 2 * MIB + 4096, "rw-p", 8192)
                .build());
        assertEquals(Bytes.of(96 * 1024 + 8192), l.bytes(Row.THREAD_STACKS));
    }

    @Test
    void mmappedChunksAreFoundThroughMergedMappings() {
        long base = 0x7f60_0000_0000L;
        // Two glibc mmapped chunks of 1 MiB and 3 MiB that the kernel merged into one mapping.
        Ledger l = LedgerBuilder.build(new SnapshotBuilder().glibc(4 * MIB, 0)
                .anon(base, base + 4 * MIB, "rw-p", 4 * MIB)
                .head(base, 0, MIB | 2, 0, 0).head(base + MIB, 0, 3 * MIB | 2, 0, 0).build());
        assertEquals(Bytes.of(4 * MIB), l.residentByKind().get(MappingKind.MALLOC_MMAPPED_CHUNK));
        assertEquals(Bytes.of(4 * MIB), l.bytes(Row.NATIVE_MALLOC));
        assertEquals(Bytes.ZERO, l.unattributed());
    }
}
