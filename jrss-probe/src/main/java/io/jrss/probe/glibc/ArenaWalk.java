// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.nio.ByteBuffer;

/**
 * One arena's figures, counted as glibc's malloc_info counts them (malloc/malloc.c, __malloc_info): the top chunk,
 * the fast bins and the 127 bins' free chunks, system bytes, and for a non-main arena its heaps. The target runs on
 * while its lists are walked: every chunk must be aligned, inside a mapping, of a size its bin can hold, and point
 * back (bk) at the chunk it was reached from. A bin that fails is walked again, a few times; then the arena is torn.
 */
final class ArenaWalk {
    /** Chunks one reading walks at most, all arenas together. */
    static final long MAX_CHUNKS = 16_000_000;
    private static final int TRIES = 4;
    private static final int MAX_HEAPS = 4096;

    record Figures(long address, boolean main, long fastCount, long fastBytes, long restCount, long restBytes,
                   long system, long maxSystem, long aspace, long mprotect, long subheaps, long next) {}

    private final TargetMemory mem;
    private final GlibcLayout layout;
    private long chunks;

    ArenaWalk(TargetMemory mem, GlibcLayout layout) { this.mem = mem; this.layout = layout; }

    Figures read(long arena, boolean main) throws TargetMemory.Torn {
        ByteBuffer state = mem.block(arena, layout.size());
        long fastCount = 0, fastBytes = 0;
        for (int i = 0; i < GlibcLayout.NFASTBINS; i++) {
            int bin = i;
            long[] cs = retried(() -> fastBin(arena, bin));
            fastCount += cs[0]; fastBytes += cs[1];
        }
        long top = state.getLong(layout.top());
        long topSize = top == layout.binAt(arena, 1) ? 0 : mem.word(top + 8) & GlibcLayout.SIZE_BITS;
        long restCount = 1, restBytes = topSize; // the top chunk always exists (malloc_info counts it in "rest")
        for (int i = 1; i < GlibcLayout.NBINS; i++) {
            int bin = i;
            long[] cs = retried(() -> bin(arena, bin));
            restCount += cs[0]; restBytes += cs[1];
        }
        long system = state.getLong(layout.systemMem()), max = state.getLong(layout.maxSystemMem());
        long aspace = system, mprotect = system, subheaps = 0;
        if (!main) {
            aspace = 0; mprotect = 0;
            for (long h = top & -GlibcLayout.HEAP_MAX; h != 0; subheaps++) {
                if (subheaps == MAX_HEAPS || (h & (GlibcLayout.HEAP_MAX - 1)) != 0) throw new TargetMemory.Torn("arena 0x" + Long.toHexString(arena) + ": its heap list does not end");
                ByteBuffer info = mem.read(h, 32);
                if (info.getLong(0) != arena) throw new TargetMemory.Torn("heap 0x" + Long.toHexString(h) + " does not belong to arena 0x" + Long.toHexString(arena));
                aspace += info.getLong(16); mprotect += info.getLong(24);
                h = info.getLong(8);
            }
        }
        return new Figures(arena, main, fastCount, fastBytes, restCount, restBytes, system, max, aspace, mprotect, subheaps,
                state.getLong(layout.next()));
    }

    private interface Walk { long[] run() throws TargetMemory.Torn; }

    private long[] retried(Walk w) throws TargetMemory.Torn {
        for (int t = 1; ; t++) {
            long before = chunks;
            try {
                return w.run();
            } catch (TargetMemory.Torn e) {
                if (t == TRIES || e.last) throw e;
                chunks = before;
                mem.forget();
            }
        }
    }

    /** A fast bin: a list through fd (mangled from 2.32), every chunk of the bin's one size. */
    private long[] fastBin(long arena, int i) throws TargetMemory.Torn {
        long count = 0, bytes = 0;
        for (long c = mem.word(arena + layout.fastbins() + 8L * i); c != 0; ) {
            ByteBuffer h = chunk(c);
            long size = h.getLong(8) & GlibcLayout.SIZE_BITS;
            if ((size >>> 4) - 2 != i) throw new TargetMemory.Torn("fast bin " + i + " holds a chunk of " + size + " bytes");
            count++; bytes += size;
            c = layout.reveal(c + 16, h.getLong(16));
        }
        return new long[] {count, bytes};
    }

    /** A bin: a circular list through fd from its head back to its head, each chunk's bk the one before it. */
    private long[] bin(long arena, int i) throws TargetMemory.Torn {
        long head = layout.binAt(arena, i), prev = head, count = 0, bytes = 0;
        for (long c = mem.word(head + 16); c != head; ) {
            ByteBuffer h = chunk(c);
            long size = h.getLong(8) & GlibcLayout.SIZE_BITS, fd = h.getLong(16), bk = h.getLong(24);
            if (bk != prev) throw new TargetMemory.Torn("bin " + i + " changed while it was read");
            if (size < GlibcLayout.MINSIZE || (size & 0xf) != 0 || !mem.isReadable(c, size)) throw new TargetMemory.Torn("bin " + i + " holds a chunk of " + size + " bytes at 0x" + Long.toHexString(c));
            count++; bytes += size;
            prev = c; c = fd;
        }
        return new long[] {count, bytes};
    }

    private ByteBuffer chunk(long c) throws TargetMemory.Torn {
        if ((c & 0xf) != 0) throw new TargetMemory.Torn("a misaligned chunk 0x" + Long.toHexString(c));
        if (++chunks > MAX_CHUNKS) throw new TargetMemory.Torn("more than " + MAX_CHUNKS + " free chunks: the walk was stopped", true);
        return mem.read(c, 32);
    }
}
