// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.trend.Series;

/**
 * Memory the JVM freed and the process kept: NMT's malloc total fell far from its peak (a burst of C-heap use ended)
 * while the RSS stayed where the burst left it, and the heap did not grow into the room. Without the allocator's own
 * statistics this is what glibc's retention looks like from outside (Thomas Stuefe's baseline for JDK-8293114: malloc
 * 2.2 GiB down to 45 MiB, the RSS at 4.5 GiB throughout). Read from VM.vitals' history or a watch's NMT.
 *
 * @param peak      NMT's malloc total at its peak
 * @param last      NMT's malloc total at the end
 * @param rssAtPeak the RSS when malloc peaked
 * @param rssLast   the RSS at the end
 */
record MallocRetained(Bytes peak, Bytes last, Bytes rssAtPeak, Bytes rssLast) {
    static final long MIN_DROP = 256L << 20;

    /** The retention, or null when malloc did not fall by {@link #MIN_DROP} and half, or the RSS fell with it, or the heap took the room. */
    static MallocRetained of(Timeline t) {
        Series malloc = t.series(Signals.NMT_MALLOC), rss = t.series(Signals.RSS), heap = t.series(Signals.HEAP_COMMITTED);
        if (malloc.size() < TimelineFacts.MIN_SAMPLES || rss.size() < TimelineFacts.MIN_SAMPLES) return null;
        int at = 0;
        for (int i = 1; i < malloc.size(); i++) if (malloc.values().get(i) > malloc.values().get(at)) at = i;
        double peak = malloc.values().get(at), last = malloc.last(), drop = peak - last;
        if (drop < MIN_DROP || last > peak / 2) return null;
        Double rssAtPeak = near(rss, malloc.times().get(at)), heapAtPeak = near(heap, malloc.times().get(at));
        if (rssAtPeak == null) return null;
        double rssDrop = rssAtPeak - rss.last(), heapGrowth = heapAtPeak == null ? 0 : heap.last() - heapAtPeak;
        if (rssDrop >= drop / 4 || heapGrowth >= drop / 2) return null;
        return new MallocRetained(Bytes.of(Math.round(peak)), Bytes.of(Math.round(last)), Bytes.of(Math.round(rssAtPeak)), Bytes.of(Math.round(rss.last())));
    }

    /** The value of {@code s} at the sample nearest to {@code time}, or null when it has none. */
    private static Double near(Series s, java.time.Instant time) {
        Double best = null;
        long bestGap = Long.MAX_VALUE;
        for (int i = 0; i < s.size(); i++) {
            long gap = Math.abs(java.time.Duration.between(time, s.times().get(i)).toMillis());
            if (gap < bestGap) { bestGap = gap; best = s.values().get(i); }
        }
        return best;
    }

    String title() {
        return "the RSS stayed at " + rssLast.toIec() + " after NMT's malloc fell from " + peak.toIec() + " to " + last.toIec()
                + ": the allocator kept what the JVM freed";
    }
}
