// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;

/**
 * Whether the growth of direct memory can be sun.nio.ch.Util's temporary buffer cache. Each thread caches a few
 * buffers (a gathering write copies each heap buffer it is given), so the cache gains blocks only as threads start
 * doing I/O. Blocks that come without threads (a pool taking chunk after chunk, buffers never released) are not the
 * cache, whatever the last snapshot's shape looked like.
 */
final class CacheOrNot {
    /** Per new thread: its largest buffer and those of a gathering write (about 3 measured, 4 reported for Jetty 12). */
    static final int BLOCKS_PER_THREAD = 4;
    /** Blocks that come and go without threads: the JVM's own, a selector's, a buffer or two of the application. */
    static final int SLACK = 8;

    private CacheOrNot() {}

    /** True when NMT Other gained more blocks over the watch than the threads that started could cache. */
    static boolean blocksOutgrowThreads(Timeline t) {
        Sample first = null, last = null;
        for (Sample s : t.samples()) {
            if (s.signal(Signals.DIRECT_BLOCKS) == null || s.signal(Signals.THREADS) == null) continue;
            if (first == null) first = s;
            last = s;
        }
        if (first == null || first == last) return false;
        long blocks = last.count(Signals.DIRECT_BLOCKS) - first.count(Signals.DIRECT_BLOCKS);
        long threads = Math.max(0, last.count(Signals.THREADS) - first.count(Signals.THREADS));
        return blocks > BLOCKS_PER_THREAD * threads + SLACK;
    }
}
