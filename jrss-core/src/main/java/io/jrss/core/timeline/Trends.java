// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.ledger.Row;
import io.jrss.core.trend.Series;
import io.jrss.core.trend.Trend;
import java.util.ArrayList;
import java.util.List;

/**
 * The trend of every ledger row (over the full samples) and every signal (over all samples), with the signal's
 * limit where it has one. Cumulative counters (collections, cgroup periods) and the JVM's uptime are left out: their
 * slope is a rate or a clock, not a trend.
 */
public final class Trends {
    static final List<Signal> CUMULATIVE = List.of(Signals.GC_COLLECTIONS, Signals.OLD_COLLECTIONS, Signals.FULL_COLLECTIONS, Signals.CPU_PERIODS, Signals.CPU_THROTTLED,
            Signals.COMPILER_PEAK, Signals.JVM_UPTIME, Signals.JRSS_PAUSED);
    static final double MIB = 1 << 20;

    private Trends() {}

    /** The live heap after GC as heap-leak follows it: the floor of the old generation's occupancy. */
    public static Series liveHeap(Timeline t) {
        Series old = t.series(Signals.HEAP_OLD_USED);
        Series floor = old.floor(Math.max(3, old.size() / 8));
        return new Series(LIVE_HEAP, floor.times(), floor.values());
    }

    /** The name of the derived live-heap trend. */
    public static final String LIVE_HEAP = "live_heap_floor";

    public static List<Trend> rows(Timeline t) {
        List<Trend> out = new ArrayList<>();
        for (Row row : Row.values()) {
            Series s = t.row(row.id());
            if (s.size() > 0) out.add(Trend.of(s, MIB, row == Row.JAVA_HEAP ? t.limit(Signals.HEAP_COMMITTED) : null));
        }
        return out;
    }

    public static List<Trend> signals(Timeline t) {
        List<String> names = new ArrayList<>();
        for (Sample s : t.samples()) for (String n : s.signals().keySet()) if (!names.contains(n) && CUMULATIVE.stream().noneMatch(c -> c.name().equals(n))) names.add(n);
        List<Trend> out = new ArrayList<>();
        for (String n : names) {
            out.add(Trend.of(t.series(n), Signals.isBytes(n) ? MIB : 1, t.limit(n)));
            if (n.equals(Signals.HEAP_OLD_USED.name())) out.add(Trend.of(liveHeap(t), MIB, t.limit(n)));
        }
        return out;
    }
}
