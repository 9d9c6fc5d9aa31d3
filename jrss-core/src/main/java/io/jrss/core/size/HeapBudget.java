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
 * watch (what it needed), never less than 1.5 times the live set. Without an old collection the live set is unknown
 * and the heap is budgeted as committed.
 *
 * @param live the live set, or null when no old collection ran during the watch
 */
record HeapBudget(Bytes budget, Bytes live, Bytes committed, Bytes max, String gc) {
    static HeapBudget of(Timeline t, Ledger ledger, JvmFlags flags, String gc) {
        Bytes committed = Sizer.peakBytes(t, Signals.HEAP_COMMITTED.name()).max(ledger.bytes(Row.JAVA_HEAP));
        Bytes max = flags == null ? null : flags.bytes("MaxHeapSize").orElse(null);
        Bytes live = Sizer.liveSet(t);
        Bytes budget = committed;
        if (live != null) {
            Bytes room = live.times(Sizer.HEAP_PER_LIVE);
            budget = room.compareTo(committed) < 0 ? room : committed;
            Bytes least = live.times(Sizer.LEAST_HEAP_PER_LIVE);
            if (budget.compareTo(least) < 0) budget = least;
        }
        return new HeapBudget(Sizer.roundUp(budget.max(Bytes.ofMiB(16))), live, committed, max, gc);
    }

    boolean liveKnown() { return live != null; }

    SizeRow row() {
        String basis;
        if (live == null) {
            basis = "no old collection ran during the watch, so the live set is unknown: the heap as it committed at most, " + committed.toIec()
                    + (max == null ? "" : " (of -Xmx " + max.toIec() + ")") + "; watch through an old collection to size it from the live set";
        } else {
            basis = "live set after old collections " + live.toIec() + " (the old generation's floor), ×" + (int) Sizer.HEAP_PER_LIVE + " for " + gc
                    + "'s room to collect = " + live.times(Sizer.HEAP_PER_LIVE).toIec() + "; the heap committed at most " + committed.toIec()
                    + (max == null ? "" : " of -Xmx " + max.toIec());
        }
        return new SizeRow("java-heap", budget, committed, basis + "; -Xmx caps it", budget.compareTo(committed) > 0 ? budget.minus(committed) : Bytes.ZERO,
                budget.compareTo(committed) > 0 ? "up to the collector's least room, 1.5 × the live set, rounded to 16 MiB" : "");
    }
}
