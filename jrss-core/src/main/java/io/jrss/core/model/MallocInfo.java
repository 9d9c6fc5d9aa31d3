// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * glibc {@code malloc_info(3)} XML, as {@code System.native_heap_info} prints it (JDK 21+).
 * Per heap (arena): free bytes in fastbins and other bins, system bytes current and max, and address space.
 * Totals: free fast and rest, mmapped chunks (count and size), system current and max.
 */
public record MallocInfo(List<Heap> heaps, Bytes freeFast, Bytes freeRest, long mmapCount, Bytes mmapSize,
                         Bytes systemCurrent, Bytes systemMax, Bytes aspaceTotal) {
    /** @param subheaps the number of 64 MiB heap regions of a non-main arena (0 for the main arena) */
    public record Heap(int nr, Bytes freeFast, Bytes freeRest, Bytes systemCurrent, Bytes systemMax,
                       Bytes aspaceTotal, long subheaps) {}
    public Bytes free() { return freeFast.plus(freeRest); }
    /** Bytes in use by callers inside the arenas (system current minus free), not counting mmapped chunks. */
    public Bytes inUseInArenas() { return systemCurrent.minus(free()).atLeastZero(); }
}
