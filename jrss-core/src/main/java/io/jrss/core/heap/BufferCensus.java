// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.heap;

import io.jrss.core.model.BufferHolder;
import io.jrss.core.model.Bytes;
import java.util.List;
import java.util.Map;

/**
 * The direct and mapped buffers of one heap dump, by what owns their memory.
 *
 * @param byKind      every {@code java.nio.DirectByteBuffer} by kind: {@code cleaner} (allocateDirect: the JDK frees
 *                    it), {@code no_cleaner} (JNI NewDirectByteBuffer; JDK 24+ temporary buffers), {@code view}
 *                    (a slice or duplicate: its parent's memory, never counted twice), {@code segment} (a view of a
 *                    MemorySegment: the segment's memory), {@code mapped} (a mapped file, not malloc: a
 *                    MappedByteBuffer, or native code's mmap wrapped by JNI such as the JDK's lib/modules image)
 * @param owned       the buffers that own malloc'd memory: cleaner and no_cleaner
 * @param unreachable of the cleaner buffers, those no strong reference reaches: waiting for their cleaner
 * @param bits        java.nio.Bits' own count (TOTAL_CAPACITY, COUNT): what the "direct" BufferPoolMXBean reports
 * @param cache       sun.nio.ch.Util's per-thread temporary buffer caches, by thread
 * @param holders     who holds the owned buffers: the class of the first object on a strong path to each
 */
public record BufferCensus(Map<String, Tally> byKind, Tally owned, Tally unreachable, Tally bits, List<ThreadCache> cache,
                           List<BufferHolder> holders, long objects) {
    public BufferCensus {
        byKind = Map.copyOf(byKind);
        cache = List.copyOf(cache);
        holders = List.copyOf(holders);
    }

    public static final List<String> KINDS = List.of("cleaner", "no_cleaner", "view", "segment", "mapped");

    /** A count and the bytes they hold. */
    public record Tally(long count, Bytes bytes) {
        public static final Tally NONE = new Tally(0, Bytes.ZERO);
        public Tally plus(long bytes) { return new Tally(count + 1, this.bytes.plus(Bytes.of(bytes))); }
    }

    /** One thread's cached temporary direct buffers. */
    public record ThreadCache(String thread, int buffers, Bytes bytes) {}

    public Bytes cached() { return Bytes.of(cache.stream().mapToLong(c -> c.bytes().value()).sum()); }

    public Tally kind(String kind) { return byKind.getOrDefault(kind, Tally.NONE); }
}
