// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.rules.Finding;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.trend.Growth;
import java.util.Map;
import java.util.Optional;

/**
 * What a timeline rule sees: the timeline, the last full snapshot with its ledger, and what the snapshot rules
 * concluded from it (by finding id), so a timeline rule can confirm, strengthen or replace a snapshot finding.
 */
public record TimelineFacts(Timeline timeline, Snapshot last, Ledger ledger, Map<String, Finding> snapshotFindings) {
    /** Fewer samples than this, or a shorter span, and no growth is judged. */
    public static final int MIN_SAMPLES = 6;
    public static final java.time.Duration MIN_SPAN = java.time.Duration.ofSeconds(15);

    public Optional<Finding> snapshotFinding(String id) { return Optional.ofNullable(snapshotFindings.get(id)); }

    public boolean longEnough() { return timeline.samples().size() >= MIN_SAMPLES && timeline.span().compareTo(MIN_SPAN) >= 0; }

    public Growth growth(String signal, double noise) {
        return Growth.of(timeline.series(signal), noise, timeline.limit(signal));
    }

    /** Old-generation collections between the first and the last sample that counted them, or null when none did (a JFR file). */
    public Long oldCollectionsDuringWatch() {
        Long first = null, last = null;
        for (var s : timeline.samples()) {
            Double c = s.signal(io.jrss.core.timeline.Signals.OLD_COLLECTIONS);
            if (c == null) continue;
            if (first == null) first = Math.round(c);
            last = Math.round(c);
        }
        return first == null ? null : last - first;
    }

    /** The pid as the commands of a remedy print it: "&lt;pid&gt;" when the timeline named none (a JFR file). */
    public String pid() { return timeline.pid() == 0 ? "<pid>" : Integer.toString(timeline.pid()); }
}
