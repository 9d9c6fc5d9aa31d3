// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.timeline.Trends;
import io.jrss.core.trend.Series;

/**
 * The heap part of a limit, which -Xmx caps: three times the live set (the collector's room to work: the old
 * generation's 1.5 to 2 times, and the young generation), but never more than the heap ever committed in the watch,
 * nor more than it was ever used (a service that never filled its heap did not need the room), and never less than
 * 1.5 times the live set (the least a collector works in). The live set is the old generation just after a full
 * collection (a System.gc, a class histogram, --live-probe's GC.run), or its floor after old collections where that is
 * higher (the live set of one moment is not the whole watch's: a batch holds its data while it works); without
 * an old collection during the watch the floor still bounds the live set from above (promoted garbage included) and
 * stands for it; only without any old-generation reading is the heap budgeted as it was used at most.
 *
 * @param live      the live set (or its upper bound), or null when the old generation was not read
 * @param afterOld  whether an old collection ran during the watch, so that {@code live} is the live set itself
 * @param afterFull whether {@code live} was read just after a full collection
 * @param used      the heap's highest occupancy in the watch (heap_used), or its resident row without that reading
 * @param why       which bound set the budget
 */
record HeapBudget(Bytes budget, Bytes live, boolean afterOld, boolean afterFull, Bytes committed, Bytes used, Bytes max, String gc, String why) {
    static HeapBudget of(Timeline t, Ledger ledger, JvmFlags flags, String gc) {
        Bytes committed = Sizer.peakBytes(t, Signals.HEAP_COMMITTED.name()).max(ledger.bytes(Row.JAVA_HEAP));
        Bytes max = flags == null ? null : flags.bytes("MaxHeapSize").orElse(null);
        Bytes exact = liveAfterFull(t), floor = oldFloor(t);
        boolean afterOld = exact != null || oldCollected(t);
        // one full collection reads the live set of its moment: where the floor elsewhere in the watch was clearly higher (a
        // live set that grew for a while, or garbage promoted in bulk), that stands; a little above is promotion since
        boolean afterFull = exact != null && (floor == null || floor.compareTo(exact.times(1.25).max(exact.plus(Bytes.ofMiB(16)))) <= 0);
        Bytes live = afterFull ? exact : exact == null ? floor : exact.max(floor);
        Bytes used = Sizer.peakBytes(t, Signals.HEAP_USED.name()); // what it held, not what it touched (a pre-touched heap is all resident)
        if (!used.isPositive()) used = ledger.bytes(Row.JAVA_HEAP);
        Bytes budget;
        String why;
        if (live == null) {
            budget = used.min(committed);
            why = "as it was used at most, rounded up to 8 MiB";
        } else {
            Bytes room = live.times(Sizer.HEAP_PER_LIVE), least = live.times(Sizer.LEAST_HEAP_PER_LIVE);
            budget = room.min(committed).min(used).max(least);
            why = budget.equals(least) ? "the collector's least room, 1.5 × the live set"
                    : budget.equals(room) ? "three times the live set is room enough, and -Xmx keeps it there"
                    : budget.equals(committed) ? "what it committed at most: it never needed more"
                    : "what it used at most, live set and garbage: it never needed the room of three times the live set";
            why += ", rounded up to 8 MiB";
        }
        budget = Sizer.roundUp(budget.max(Bytes.ofMiB(16)));
        if (live == null && max != null && budget.compareTo(max) > 0) budget = max; // what it used is at most what -Xmx let it
        return new HeapBudget(budget, live, afterOld, afterFull, committed, used, max, gc, why);
    }

    /** Whether the live set itself is known: an old collection ran during the watch. */
    boolean liveKnown() { return live != null && afterOld; }

    SizeRow row() {
        String of = "the heap used at most " + used.toIec() + ", committed at most " + committed.toIec() + (max == null ? "" : " of -Xmx " + max.toIec());
        String basis = live == null ? "the old generation was not read (no perf counters), so the live set is unknown: " + of + ", garbage included"
                : (afterFull ? "live set just after a full collection " + live.toIec()
                : afterOld ? "live set after old collections " + live.toIec() + " (the old generation's floor, above what a full collection left)"
                : "no old collection ran during the watch: the old generation's floor " + live.toIec() + " bounds the live set from above")
                + ", ×" + (int) Sizer.HEAP_PER_LIVE + " for " + gc + "'s room to collect = " + live.times(Sizer.HEAP_PER_LIVE).toIec() + "; " + of;
        Bytes measured = live == null ? used : committed;
        return new SizeRow("java-heap", budget, measured, basis + "; -Xmx caps it", budget.minus(measured), why);
    }

    /** Whether an old collection ran during the watch. */
    static boolean oldCollected(Timeline t) {
        Series old = t.series(Signals.OLD_COLLECTIONS.name());
        return old.size() >= 2 && old.last() - old.values().get(0) >= 1;
    }

    /**
     * The old generation's occupancy in the samples just after a full collection (a compacting one leaves only the live
     * set, plus what was promoted before the sample), the highest of them; null when no full collection ran in the watch.
     */
    static Bytes liveAfterFull(Timeline t) {
        Double before = null;
        long live = -1;
        for (Sample s : t.samples()) {
            Double full = s.signal(Signals.FULL_COLLECTIONS.name()), old = s.signal(Signals.HEAP_OLD_USED.name());
            if (full == null) continue;
            if (before != null && full > before && old != null) live = Math.max(live, Math.round(old));
            before = full;
        }
        return live > 0 ? Bytes.of(live) : null;
    }

    /**
     * The highest floor of the old generation's occupancy (what heap-leak follows): the live set once an old collection
     * ran, an upper bound of it before; null when the old generation was not read or held nothing.
     */
    static Bytes oldFloor(Timeline t) {
        Series floor = Trends.liveHeap(t);
        long v = floor.size() == 0 ? 0 : Math.round(floor.values().stream().mapToDouble(Double::doubleValue).max().orElse(0));
        return v > 0 ? Bytes.of(v) : null;
    }
}
