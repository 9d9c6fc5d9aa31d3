// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.MappingHead;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;

/**
 * Whether large blocks in NMT Other are laid out as sun.nio.ch.Util's per-thread temporary buffer cache, without a
 * heap dump. Up to JDK 23 these buffers are ordinary direct buffers (counted in the BufferPool and against
 * MaxDirectMemorySize), so only their layout tells them from the application's own:
 * <ul>
 * <li>Each I/O thread caches a few: its largest buffer, and those of a gathering write (a server writes header and
 * body at once). 26 workers writing header and body left about 3 blocks each, a reported Jetty 12 server about 4
 * (103 for some 26 workers). So no more than four blocks per thread, with a little slack for the JVM's own.</li>
 * <li>A cache large enough to matter is spread over several threads: at least {@link #MIN_BLOCKS}. An off-heap store
 * (Ehcache 3 takes its whole off-heap tier as one buffer) or a pool's first chunks are one or a few buffers.</li>
 * <li>Live, glibc's mmapped chunk headers give each large buffer's size: one buffer holding half of Other or more
 * is the application's, not a thread's copy of a write.</li>
 * </ul>
 * What this cannot tell apart, a pool of many equal chunks with as many threads (Netty's pooled allocator), the
 * census does: jrss heap counts the buffers in the thread caches.
 */
record CacheShape(long blocks, int threads, Bytes other, Bytes largest, boolean cache) {
    static final int BLOCKS_PER_THREAD = 4, SLACK = 8, MIN_BLOCKS = 8;
    static final double ONE_BUFFER_SHARE = 0.5;
    static final String TOLD_BY = "blocks per thread (NMT Other's count against /proc Threads), their spread (at least " + MIN_BLOCKS
            + "), and live, the largest buffer (glibc's mmapped chunk headers)";

    static CacheShape of(Snapshot s) {
        NmtCategory o = s.get(Readings.NMT).orNull().category(NmtCategories.OTHER).orElseThrow();
        Bytes other = s.get(Readings.NMT).orNull().directBuffers();
        int threads = s.get(Readings.STATUS).orNull().threads();
        long largest = 0;
        var heads = s.get(Readings.MAPPING_HEADS).orNull();
        if (heads != null) for (MappingHead h : heads) largest = Math.max(largest, h.mmappedChunkSize());
        Bytes big = heads == null ? null : Bytes.of(largest);
        boolean cache = o.mallocCount() >= MIN_BLOCKS && o.mallocCount() <= (long) BLOCKS_PER_THREAD * threads + SLACK
                && (big == null || big.value() < ONE_BUFFER_SHARE * other.value());
        return new CacheShape(o.mallocCount(), threads, other, big, cache);
    }

    /** What the layout ruled out, for a finding's evidence. */
    String ruledOut() {
        return "buffers the application allocated and keeps: an off-heap store or a pool's first chunks are one or a few large buffers,"
                + " a pool or a leak of allocateDirect many more blocks than threads; NMT Other is " + blocks + " blocks for " + threads
                + " threads (at most " + BLOCKS_PER_THREAD + " per thread: a thread's largest buffer and those of a gathering write)"
                + (largest == null ? "" : ", and its largest buffer is " + largest.toIec() + " of " + other.toIec());
    }
}
