// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/** A half-open virtual address range [start, end). */
public record AddressRange(long start, long end) {
    public long size() { return end - start; }
    public boolean contains(long address) { return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0; }
    /** Bytes of [from, to) that fall inside this range. */
    public long overlap(long from, long to) {
        long lo = Math.max(start, from), hi = Math.min(end, to);
        return Math.max(0, hi - lo);
    }
}
