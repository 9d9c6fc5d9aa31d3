// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import io.jrss.core.trend.Series;
import java.time.Duration;
import java.util.List;

/**
 * heap-leak: the live heap keeps growing. The live heap is followed through the floor of the old generation's
 * occupancy (the lowest value over a sliding window, so young collections and the sawtooth of old collections do
 * not count); ZGC 17 has one generation, so there it is the whole heap. A warm-up flattens; a leak is still rising
 * in the second half of the watch. Confidence is high when the floor kept rising across collections of the old
 * generation (a full GC, a concurrent cycle), which would have reclaimed garbage.
 */
public final class HeapLeakRule implements TimelineRule {
    static final double MIB = 1 << 20;
    static final double MIN_GROWTH = 16 * MIB, MIN_SHARE_OF_MAX = 0.05;

    @Override public String id() { return "heap-leak"; }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        String signal = f.timeline().series(Signals.HEAP_OLD_USED).size() >= TimelineFacts.MIN_SAMPLES ? Signals.HEAP_OLD_USED : Signals.HEAP_USED;
        Series s = f.timeline().series(signal);
        if (s.size() < TimelineFacts.MIN_SAMPLES) return notEvaluated("no heap occupancy readings (jcmd PerfCounter.print or GC.heap_info)");
        Series floor = s.floor(Math.max(3, s.size() / 8));
        Growth g = Growth.of(floor, MIB, f.timeline().limit(signal));
        Double max = f.timeline().limit(signal);
        double min = Math.max(MIN_GROWTH, max == null ? 0 : MIN_SHARE_OF_MAX * max);
        if (!g.sustained(min)) return RuleResult.quiet();
        Series old = f.timeline().series(Signals.OLD_COLLECTIONS);
        long oldGcs = old.size() < 2 ? 0 : Math.round(old.last() - old.values().get(0));
        Duration ttl = g.whole().timeToLimit();
        Severity sev = ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning;
        Evidence e = TrendEvidence.add(new Evidence(), "live_heap", g, true).value("live_heap_source",
                signal.equals(Signals.HEAP_OLD_USED) ? "floor of the old generation's used bytes (PerfCounter.print)" : "floor of the heap's used bytes (GC.heap_info)");
        if (max != null) e.bytes("max_heap", io.jrss.core.model.Bytes.of(max.longValue()));
        e.value("old_generation_collections_during_watch", oldGcs);
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), sev,
                "The live heap keeps growing: " + TrendEvidence.rate(g, true) + ", " + io.jrss.core.model.Bytes.of(Math.round(g.delta())).toIec()
                        + " in " + TrendEvidence.human(f.timeline().span()) + (ttl != null ? "; the max heap is reached in about " + TrendEvidence.human(ttl) : ""),
                e.build(),
                List.of("Find the holder: jcmd " + pid + " GC.class_histogram twice, minutes apart, and compare (each forces a full GC)",
                        "Or dump the live objects: jcmd " + pid + " GC.heap_dump /tmp/heap.hprof (pauses the JVM) and read the dominator tree in Eclipse MAT",
                        "Bound what grows: caches without eviction, listeners never removed, ThreadLocals in pooled threads, static collections",
                        "If this live set is intended, raise -Xmx and the container limit together"),
                oldGcs > 0 ? "high" : "medium"));
    }
}
