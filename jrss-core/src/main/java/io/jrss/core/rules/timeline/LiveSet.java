// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.trend.Series;
import java.util.ArrayList;
import java.util.List;

/**
 * The live heap as the watch saw it: the old generation's occupancy right after each of its collections (a full
 * GC, a concurrent cycle, a ZGC cycle). Between collections the old generation also holds promoted garbage, so
 * only what survives a collection is the live set. Each collection starts a stretch of samples; its floor is the
 * lowest occupancy of that stretch (G1 reclaims in the mixed collections after the cycle's pauses). Samples
 * before the first collection of the watch make no floor.
 *
 * @param floors      one point per stretch that began with an old-generation collection
 * @param collections old-generation collections during the watch
 * @param occupancy   the occupancy series the floors come from ({@link Signals#HEAP_OLD_USED})
 * @param exact       the floors of the stretches that began with a full collection ({@link Signals#FULL_COLLECTIONS}: a
 *                    stop-the-world collection of the whole heap, a class histogram's too): the live set itself, where
 *                    a concurrent cycle's floor may still hold garbage it left for later mixed collections
 */
record LiveSet(Series floors, long collections, Series occupancy, Series exact) {
    /** Floors needed before a rise can be told apart from noise with 95% confidence (Theil-Sen on 4 points). */
    static final int MIN_FLOORS = 4;

    static LiveSet of(Timeline t) {
        List<Sample> both = new ArrayList<>();
        Series.Builder occupancy = new Series.Builder(Signals.HEAP_OLD_USED.name());
        for (Sample s : t.samples()) {
            if (s.bytes(Signals.HEAP_OLD_USED) == null || s.count(Signals.OLD_COLLECTIONS) == null) continue;
            both.add(s);
            occupancy.add(s.time(), s.bytes(Signals.HEAP_OLD_USED).value());
        }
        Series.Builder floors = new Series.Builder("live_heap_after_old_collections");
        Series.Builder exact = new Series.Builder("live_heap_after_full_collections");
        int start = -1;
        for (int i = 1; i <= both.size(); i++) {
            boolean collected = i < both.size() && both.get(i).count(Signals.OLD_COLLECTIONS) > both.get(i - 1).count(Signals.OLD_COLLECTIONS);
            if (!collected && i < both.size()) continue;
            if (start >= 0) { // the stretch [start, i) began with a collection
                Sample low = both.get(start);
                for (int j = start; j < i; j++) if (low.bytes(Signals.HEAP_OLD_USED).greaterThan(both.get(j).bytes(Signals.HEAP_OLD_USED))) low = both.get(j);
                floors.add(low.time(), low.bytes(Signals.HEAP_OLD_USED).value());
                if (start > 0 && full(both.get(start - 1), both.get(start))) exact.add(low.time(), low.bytes(Signals.HEAP_OLD_USED).value());
            }
            start = i;
        }
        long collections = both.size() < 2 ? 0
                : both.get(both.size() - 1).count(Signals.OLD_COLLECTIONS) - both.get(0).count(Signals.OLD_COLLECTIONS);
        return new LiveSet(floors.build(), collections, occupancy.build(), exact.build());
    }

    private static boolean full(Sample before, Sample after) {
        Long a = before.count(Signals.FULL_COLLECTIONS), b = after.count(Signals.FULL_COLLECTIONS);
        return a != null && b != null && b > a;
    }

    /** The floors before {@code t} only: what the collections showed before a full one changed what a floor is. */
    LiveSet before(java.time.Instant t) { return new LiveSet(until(floors, t), collections, occupancy, until(exact, t)); }

    private static Series until(Series s, java.time.Instant t) {
        Series.Builder b = new Series.Builder(s.name());
        for (int i = 0; i < s.size() && s.times().get(i).isBefore(t); i++) b.add(s.times().get(i), s.values().get(i));
        return b.build();
    }

    /** From an old collection's floor (at most the live set then) to what the last full collection left (the live set then). */
    record Rise(java.time.Instant from, double low, java.time.Instant to, double live) {
        double delta() { return live - low; }
    }

    /**
     * The least the live set grew by, read against the last full collection: a floor left by any old collection before
     * it holds the live set then and maybe garbage (at most the live set), what the full collection left is the live
     * set itself, so the lowest earlier floor below it is a rise that promoted garbage cannot explain. Null without a
     * full collection after another old one.
     */
    Rise riseToLastFull() {
        if (exact.size() == 0) return null;
        java.time.Instant at = exact.times().get(exact.size() - 1);
        int low = -1;
        for (int i = 0; i < floors.size() && floors.times().get(i).isBefore(at); i++) {
            if (low < 0 || floors.values().get(i) < floors.values().get(low)) low = i;
        }
        return low < 0 ? null : new Rise(floors.times().get(low), floors.values().get(low), at, exact.last());
    }

    /**
     * The floors of the later half of the collections are above those of the earlier half by {@code by}, and the
     * last floor is above every earlier-half floor: still rising, not a cache that filled early and stayed.
     */
    boolean stillRising(double by) {
        int n = floors.size(), half = n / 2;
        if (n < 2) return false;
        double early = 0, late = 0, earlyMax = -Double.MAX_VALUE;
        for (int i = 0; i < half; i++) { early += floors.values().get(i); earlyMax = Math.max(earlyMax, floors.values().get(i)); }
        for (int i = n - half; i < n; i++) late += floors.values().get(i);
        return late / half - early / half >= by && floors.last() > earlyMax;
    }
}
