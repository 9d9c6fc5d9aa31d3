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
 */
record LiveSet(Series floors, long collections, Series occupancy) {
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
        int start = -1;
        for (int i = 1; i <= both.size(); i++) {
            boolean collected = i < both.size() && both.get(i).count(Signals.OLD_COLLECTIONS) > both.get(i - 1).count(Signals.OLD_COLLECTIONS);
            if (!collected && i < both.size()) continue;
            if (start >= 0) { // the stretch [start, i) began with a collection
                Sample low = both.get(start);
                for (int j = start; j < i; j++) if (low.bytes(Signals.HEAP_OLD_USED).greaterThan(both.get(j).bytes(Signals.HEAP_OLD_USED))) low = both.get(j);
                floors.add(low.time(), low.bytes(Signals.HEAP_OLD_USED).value());
            }
            start = i;
        }
        long collections = both.size() < 2 ? 0
                : both.get(both.size() - 1).count(Signals.OLD_COLLECTIONS) - both.get(0).count(Signals.OLD_COLLECTIONS);
        return new LiveSet(floors.build(), collections, occupancy.build());
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
