// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * The first four words at an address inside an anonymous mapping, read from the target's memory. Two glibc
 * structures can start there, each recognised by words that must agree with each other and with where they lie:
 * <pre>
 *  arena heap:     struct heap_info { mstate ar_ptr; heap_info *prev; size_t size; size_t mprotect_size; }
 *  mmapped chunk:  struct malloc_chunk { size_t prev_size; size_t size | IS_MMAPPED (0x2); ... }
 * </pre>
 */
public record MappingHead(long address, long w0, long w1, long w2, long w3) {
    private static final long IS_MMAPPED = 0x2;
    private static final long SIZE_BITS = ~0x7L;
    private static final long PAGE = 4096;

    /** glibc's HEAP_MAX_SIZE on 64-bit: every arena heap is a region this large and this aligned. */
    public static final long HEAP_MAX = 64L << 20;

    /**
     * A glibc arena heap's {@code heap_info}, recognised by its own structure: at a 64 MiB boundary, {@code size} and
     * {@code mprotect_size} whole pages with {@code 0 < size <= mprotect_size <= 64 MiB}, and either the first heap of its
     * arena ({@code prev} null, {@code ar_ptr} right after the header: 32 bytes up to glibc 2.34, 48 from 2.35, which
     * added {@code pagesize}) or a later one ({@code prev} another heap, {@code ar_ptr} just after another heap's header).
     * <p>
     * The read-write size smaps showed is not compared with {@code mprotect_size}: grow_heap raises it a page at a time
     * whenever the arena's top runs out, and shrink_heap lowers {@code size} only (unless vm.overcommit_memory is 2), so a
     * heap of a process that allocates while smaps and these words are read, moments apart, differs. Requiring them equal
     * lost a 38 MiB heap of zlib streams to NMT's GC row whenever the target allocated in between (issue 26).
     */
    public boolean isArenaHeap() {
        if (address % HEAP_MAX != 0 || w0 <= 0 || w1 < 0 || w2 <= 0 || w2 > w3 || w3 > HEAP_MAX || w2 % PAGE != 0 || w3 % PAGE != 0) return false;
        boolean first = w1 == 0 && (w0 == address + 0x20 || w0 == address + 0x30);
        long arena = w0 % HEAP_MAX;
        boolean later = w1 != 0 && w1 % HEAP_MAX == 0 && w1 != address && w0 - arena != address && (arena == 0x20 || arena == 0x30);
        return first || later;
    }

    /** The size of the glibc mmapped chunk starting here, or 0 if this is not one. */
    public long mmappedChunkSize() {
        long size = w1 & SIZE_BITS;
        return (w1 & IS_MMAPPED) != 0 && size >= 4096 && size % 4096 == 0 && w0 == 0 ? size : 0;
    }
}
