// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.Sample;
import java.util.List;

/**
 * What a capture taken near the container's limit says in one sentence, for the event that keeps it and for the kill
 * that may follow: the ledger row that grew most since the watch's first full sample (or the largest, without one) and
 * the findings its snapshot raises on its own.
 */
public final class LimitCapture {
    /** The sentence, against the first full sample {@code timeline} holds (a watch's first, an exporter's window's). */
    public static String verdict(Capture c, TimelineAssembler timeline) {
        return verdict(c, timeline.samples().stream().filter(Sample::full).findFirst().orElse(null));
    }

    /** @param first the watch's first full sample, or null */
    static String verdict(Capture c, Sample first) {
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(c));
        String row = grewMost(d, first);
        List<String> ids = d.findings().stream().filter(f -> f.severity().compareTo(Severity.warning) >= 0).map(Finding::id).distinct().toList();
        return (row == null ? "no ledger (no smaps)" : row) + (ids.isEmpty() ? "; its snapshot raises no finding" : "; its snapshot raises " + String.join(", ", ids));
    }

    static String grewMost(Diagnosis d, Sample first) {
        if (!d.ledger().rssKnown()) return null;
        LedgerRow best = null;
        long bestDelta = Long.MIN_VALUE;
        for (LedgerRow r : d.ledger().rows()) {
            Long before = first == null ? null : first.rows().get(r.id());
            long delta = before == null ? (first == null ? r.bytes().value() : Long.MIN_VALUE + 1) : r.bytes().value() - before;
            if (delta > bestDelta) { best = r; bestDelta = delta; }
        }
        if (best == null) return null;
        Long before = first == null ? null : first.rows().get(best.id());
        return before == null
                ? "its largest ledger row is " + best.id() + " (" + best.bytes().toIec() + " of " + d.ledger().rss().toIec() + " RSS)"
                : best.id() + " grew most since the watch's first full sample: " + Bytes.of(before).toIec() + " to " + best.bytes().toIec()
                        + " (" + (bestDelta >= 0 ? "+" : "") + Bytes.of(bestDelta).toIec() + ")";
    }

    private LimitCapture() {}
}
