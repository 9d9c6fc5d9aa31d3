// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.diff.Side;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.WatchEnd;
import java.util.Map;

/**
 * A result as one side of a diff. It lives beside the results, not in {@code diff}, so that {@code diff} knows
 * nothing of the results that carry it.
 */
public final class DiffSides {
    private DiffSides() {}

    /** The side of a result; a comparison of arms is not one moment or one span and has no side. */
    public static Side of(String input, Result r) {
        if (r instanceof SnapshotResult s) return new Side(input, s.pasted() == null ? "capture" : "outputs", s.diagnosis(), s.diagnosis().findings(), signals(s.diagnosis()));
        if (r instanceof TimelineResult t) {
            WatchEnd.Reason end = t.end().reason();
            String kind = end == WatchEnd.Reason.jfr || end == WatchEnd.Reason.history ? end.name() : "recording";
            return new Side(input, kind, t.diagnosis().last(), t.diagnosis().findings(), signals(t.diagnosis().last()));
        }
        if (r instanceof ComparisonResult c) {
            throw new IllegalArgumentException(input + " is a comparison of allocator arms (" + c.arms().size() + " arms): diff two of its runs' recordings instead");
        }
        throw new IllegalArgumentException(input + " is neither one moment nor a span of time");
    }

    private static Map<String, Double> signals(Diagnosis d) { return Signals.of(d.snapshot(), d.ledger()); }
}
