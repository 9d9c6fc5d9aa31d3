// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * The first four words at an address inside an anonymous mapping, read from the target's memory. Two glibc
 * structures can start there, and each is recognised by words that must agree with the mapping's own size:
 * <pre>
 *  arena heap:     struct heap_info { mstate ar_ptr; heap_info *prev; size_t size; size_t mprotect_size; }
 *  mmapped chunk:  struct malloc_chunk { size_t prev_size; size_t size | IS_MMAPPED (0x2); ... }
 * </pre>
 */
public record MappingHead(long address, long w0, long w1, long w2, long w3) {
    private static final long IS_MMAPPED = 0x2;
    private static final long SIZE_BITS = ~0x7L;

    /**
     * A glibc arena heap whose read-write part is {@code rwSize} bytes. That part is {@code mprotect_size}: grow_heap
     * mprotects up to it, and shrink_heap (arena.c) only lowers {@code size} and madvises the rest away, unless
     * vm.overcommit_memory is 2, when it maps the rest PROT_NONE and lowers both. A heap that ever shrank has
     * {@code size < mprotect_size}.
     */
    public boolean isArenaHeap(long rwSize) { return w0 != 0 && w3 == rwSize && w2 > 0 && w2 <= w3; }

    /** The size of the glibc mmapped chunk starting here, or 0 if this is not one. */
    public long mmappedChunkSize() {
        long size = w1 & SIZE_BITS;
        return (w1 & IS_MMAPPED) != 0 && size >= 4096 && size % 4096 == 0 && w0 == 0 ? size : 0;
    }
}
