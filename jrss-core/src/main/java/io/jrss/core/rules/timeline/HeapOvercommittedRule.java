// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Series;
import java.util.List;

/**
 * heap-overcommitted: up to the end of the watch, for a long stretch, the heap kept far more committed (and resident) than it ever used: memory
 * a burst took and the collector never gave back. Judged on the lowest committed and the highest used value seen,
 * so a sawtooth of a busy heap never looks idle.
 */
public final class HeapOvercommittedRule implements TimelineRule {
    static final Bytes MIN_IDLE = Bytes.ofMiB(256);
    static final double MIN_IDLE_SHARE = 0.75; // ZGC and busy G1 heaps use most of what they commit between cycles

    @Override public String id() { return Findings.HEAP_OVERCOMMITTED.id(); }

    private static boolean idle(double committedLow, double usedPeak, Bytes heapRow) {
        double resident = heapRow.isPositive() ? Math.min(heapRow.value(), committedLow) : committedLow;
        double idle = resident - usedPeak;
        return idle >= MIN_IDLE.value() && idle >= MIN_IDLE_SHARE * resident;
    }

    private static List<String> remedies(boolean g1) {
        List<String> r = new java.util.ArrayList<>();
        if (g1) r.add("Let idle G1 give memory back: -XX:G1PeriodicGCInterval=60000 (JDK 12+)");
        r.add("Shrink the heap after each full collection or remark: -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10");
        r.add("Size -Xmx to the live set plus headroom; a burst then cannot take the whole container");
        r.add("Or a collector that uncommits by itself: -XX:+UseZGC (-XX:ZUncommitDelay) or Shenandoah");
        return r;
    }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        Series committed = f.timeline().series(Signals.HEAP_COMMITTED), used = f.timeline().series(Signals.HEAP_USED);
        if (committed.size() < TimelineFacts.MIN_SAMPLES || used.size() < TimelineFacts.MIN_SAMPLES) return notEvaluated("no GC.heap_info readings");
        Bytes heapRow = f.ledger() == null ? Bytes.ZERO : f.ledger().bytes(Row.JAVA_HEAP);
        // The longest stretch up to now over which the heap held far more than it used (a burst before it does not count).
        double low = Double.MAX_VALUE, peak = 0;
        int from = -1;
        for (int i = Math.min(committed.size(), used.size()) - 1; i >= 0; i--) {
            double l = Math.min(low, committed.values().get(i)), p = Math.max(peak, used.values().get(i));
            if (!idle(l, p, heapRow)) break;
            low = l; peak = p; from = i;
        }
        if (from < 0) return RuleResult.quiet();
        java.time.Duration held = java.time.Duration.between(committed.times().get(from), committed.times().get(committed.size() - 1));
        if (committed.size() - from < TimelineFacts.MIN_SAMPLES || held.compareTo(TimelineFacts.MIN_SPAN) < 0) return RuleResult.quiet();
        Bytes lowB = Bytes.of((long) low), peakB = Bytes.of((long) peak);
        Bytes resident = heapRow.isPositive() ? heapRow.min(lowB) : lowB; // no smaps of the heap: committed stands in
        Bytes idle = resident.minus(peakB).atLeastZero();
        var flags = f.last().get(Readings.FLAGS).orNull();
        Bytes initial = flags == null ? null : flags.bytes("InitialHeapSize").orElse(null);
        boolean byXms = initial != null && lowB.value() <= initial.value() * 1.05;
        String gc = f.last().gc();
        long span = held.toSeconds();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The heap kept " + lowB.toIec() + " committed for " + TrendEvidence.human(held) + " while it never used more than "
                        + peakB.toIec() + ": " + idle.toIec() + " resident for nothing",
                Evidence.builder().bytes("heap_committed_min", lowB).bytes("heap_used_max", peakB).bytes("heap_resident", resident)
                        .bytes("idle_resident", idle).bytes("initial_heap", initial).value("gc", gc).value("span_seconds", span)
                        .value("ruled_out", "a heap in use, or a burst still going on: for the last " + TrendEvidence.human(held) + " it never used more than "
                                + peakB.toIec() + " of the " + resident.toIec() + " resident").build(),
                byXms ? List.of("-Xms holds it: the committed heap never falls below InitialHeapSize " + initial.toIec() + "; lower -Xms",
                                "Size -Xmx to the live set plus headroom, not to the container")
                        : remedies(gc.startsWith("G1")),
                span >= 60 ? Confidence.high : Confidence.medium));
    }
}
