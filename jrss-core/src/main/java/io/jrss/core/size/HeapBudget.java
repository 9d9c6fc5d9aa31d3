// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;

/**
 * The heap part of a limit, which -Xmx caps: three times the live set after old collections (the collector's room to
 * work: the old generation's 1.5 to 2 times, and the young generation), never more than the heap ever committed in the
 * watch (what it needed), never less than 1.5 times the live set. Without an old collection during the watch, the old
 * generation's floor still bounds the live set from above (promoted garbage included), and stands for it; only without
 * that either is the heap budgeted as it was used at most (garbage included: with more room a collector uses more, so
 * this is the loosest).
 *
 * @param live     the live set (or its upper bound), or null when the old generation was not read
 * @param afterOld whether an old collection ran during the watch, so that {@code live} is the live set itself
 * @param used the heap's highest occupancy in the watch (heap_used), or its resident row when that is more
 */
record HeapBudget(Bytes budget, Bytes live, boolean afterOld, Bytes committed, Bytes used, Bytes max, String gc) {
    static HeapBudget of(Timeline t, Ledger ledger, JvmFlags flags, String gc) {
        Bytes committed = Sizer.peakBytes(t, Signals.HEAP_COMMITTED.name()).max(ledger.bytes(Row.JAVA_HEAP));
        Bytes max = flags == null ? null : flags.bytes("MaxHeapSize").orElse(null);
        boolean afterOld = Sizer.oldCollected(t);
        Bytes live = Sizer.oldFloor(t);
        Bytes used = Sizer.peakBytes(t, Signals.HEAP_USED.name()).max(ledger.bytes(Row.JAVA_HEAP));
        Bytes budget = used.compareTo(committed) < 0 ? used : committed;
        if (live != null) {
            Bytes room = live.times(Sizer.HEAP_PER_LIVE);
            budget = room.compareTo(committed) < 0 ? room : committed;
            Bytes least = live.times(Sizer.LEAST_HEAP_PER_LIVE);
            if (budget.compareTo(least) < 0) budget = least;
        }
        budget = Sizer.roundUp(budget.max(Bytes.ofMiB(16)));
        if (live == null && max != null && budget.compareTo(max) > 0) budget = max; // what it used is at most what -Xmx let it
        return new HeapBudget(budget, live, afterOld, committed, used, max, gc);
    }

    /** Whether the live set itself is known: an old collection ran during the watch. */
    boolean liveKnown() { return live != null && afterOld; }

    SizeRow row() {
        String basis;
        if (live == null) {
            basis = "the old generation was not read (no perf counters), so the live set is unknown: the heap as it was used at most, garbage included, "
                    + used.toIec() + " (committed " + committed.toIec() + (max == null ? "" : ", -Xmx " + max.toIec())
                    + ")";
        } else {
            basis = (afterOld ? "live set after old collections " + live.toIec() + " (the old generation's floor)"
                    : "no old collection ran during the watch: the old generation's floor " + live.toIec() + " bounds the live set from above") + ", ×" + (int) Sizer.HEAP_PER_LIVE + " for " + gc
                    + "'s room to collect = " + live.times(Sizer.HEAP_PER_LIVE).toIec() + "; the heap committed at most " + committed.toIec()
                    + (max == null ? "" : " of -Xmx " + max.toIec());
        }
        Bytes measured = live == null ? used : committed;
        String why = live == null ? "rounded up to 16 MiB"
                : budget.compareTo(committed) > 0 ? "up to the collector's least room, 1.5 × the live set, rounded up to 16 MiB"
                : "less than it committed: three times the live set is room enough, and -Xmx keeps it there";
        return new SizeRow("java-heap", budget, measured, basis + "; -Xmx caps it", budget.minus(measured), why);
    }
}
