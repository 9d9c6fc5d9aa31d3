// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.ComparisonResult;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.rules.Finding;
import io.jrss.core.timeline.Signals;
import java.util.List;
import java.util.Map;

/**
 * One side of a diff, whatever the input was: the diagnosis of its last full snapshot (the ledger and the readings),
 * the findings jrss gives that input, and the signals of that snapshot. A capture and a recording of the same moment
 * give the same side: a recording's ledger and signals are those of its last full sample, its findings the watch's.
 *
 * @param input what the user gave ("before/", "nmt-1.txt+pmap-1.txt")
 * @param kind  "capture", "outputs" (pasted or saved outputs), "recording", "jfr" or "history" (VM.vitals, a GC log)
 */
public record Side(String input, String kind, Diagnosis diagnosis, List<Finding> findings, Map<String, Double> signals) {
    public Side {
        findings = List.copyOf(findings);
        signals = Map.copyOf(signals);
    }

    /** The side of a result; a comparison of arms is not one moment or one span and has no side. */
    public static Side of(String input, Result r) {
        if (r instanceof SnapshotResult s) return new Side(input, s.pasted() == null ? "capture" : "outputs", s.diagnosis(), s.diagnosis().findings(), signals(s.diagnosis()));
        if (r instanceof TimelineResult t) {
            String kind = t.end().reason().equals("jfr") || t.end().reason().equals("history") ? t.end().reason() : "recording";
            return new Side(input, kind, t.diagnosis().last(), t.diagnosis().findings(), signals(t.diagnosis().last()));
        }
        if (r instanceof ComparisonResult c) {
            throw new IllegalArgumentException(input + " is a comparison of allocator arms (" + c.arms().size() + " arms): diff two of its runs' recordings instead");
        }
        throw new IllegalArgumentException(input + " is neither one moment nor a span of time");
    }

    private static Map<String, Double> signals(Diagnosis d) { return Signals.of(d.snapshot(), d.ledger()); }
}
