// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

/**
 * Where the fields of {@code struct malloc_state} (malloc/malloc.c) lie on x86-64, by glibc release. What changed:
 * <pre>
 *  2.17  mutex, flags, fastbinsY[10], top, last_remainder, bins[254], binmap[4], next, next_free, system_mem, max_system_mem
 *  2.23  + attached_threads after next_free
 *  2.26  tcache (per thread: not in malloc_state)
 *  2.27  + have_fastchunks after flags, so everything from fastbinsY moves 8 bytes on
 *  2.32  safe-linking: a fast bin's next pointer is stored as (address of the pointer >> 12) ^ pointer
 * </pre>
 * A chunk is {@code prev_size, size, fd, bk}; a bin's head is the pair bins[2i-2], bins[2i-1] read as a chunk's fd and bk,
 * so an empty bin points at itself: {@code bin_at(i) = &bins[2i-2] - 16}.
 */
record GlibcLayout(int major, int minor, int fastbins, boolean attachedThreads, boolean safeLinking) {
    static final int NFASTBINS = 10;
    static final int NBINS = 128;
    /** The smallest chunk: prev_size, size, fd, bk. */
    static final long MINSIZE = 32;
    static final long SIZE_BITS = ~0x7L;
    /** A non-main arena's heaps are this size and aligned to it (HEAP_MAX_SIZE = 2 * DEFAULT_MMAP_THRESHOLD_MAX). */
    static final long HEAP_MAX = 64L << 20;

    static GlibcLayout of(int major, int minor) {
        boolean at = major > 2 || minor >= 27;
        return new GlibcLayout(major, minor, at ? 16 : 8, major > 2 || minor >= 23, major > 2 || minor >= 32);
    }

    boolean supported() { return major == 2 && minor >= 17; }

    int top() { return fastbins + 8 * NFASTBINS; }
    int bins() { return top() + 16; }
    int next() { return bins() + 8 * (2 * NBINS - 2) + 16; }
    int systemMem() { return next() + 16 + (attachedThreads ? 8 : 0); }
    int maxSystemMem() { return systemMem() + 8; }
    /** The bytes of a malloc_state. */
    int size() { return maxSystemMem() + 8; }

    /** The head of bin {@code i} (1 to 127) of the arena at {@code arena}, as glibc's bin_at computes it. */
    long binAt(long arena, int i) { return arena + bins() + 16L * (i - 1) - 16; }

    /** A fast bin's stored next pointer, unmangled: {@code at} is where it was stored. */
    long reveal(long at, long stored) { return safeLinking ? (at >>> 12) ^ stored : stored; }

    String version() { return major + "." + minor; }
}
