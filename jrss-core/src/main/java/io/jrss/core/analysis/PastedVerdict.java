// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.timeline.TimelineFacts;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.SnapshotParser;
import java.util.List;

/**
 * What outputs people pasted say: a timeline when one of them is a history (a VM.vitals table, a GC log, a jstat series), else the
 * snapshot. The CLI's analyze and the corpus test read pastes through here alike.
 *
 * @param snapshot the snapshot's diagnosis, or null when the input was judged as a timeline
 * @param timeline the timeline's diagnosis, or null
 */
public record PastedVerdict(Diagnosis snapshot, TimelineDiagnosis timeline) {
    public static PastedVerdict of(Capture capture) {
        TimelineDiagnosis td = VitalsAnalysis.of(capture);
        if (td == null) td = GcLogAnalysis.of(capture);
        if (td == null) td = JstatAnalysis.of(capture);
        return td != null ? new PastedVerdict(null, td) : new PastedVerdict(Diagnosis.of(SnapshotParser.parse(capture)), null);
    }

    public List<Finding> findings() { return timeline != null ? timeline.findings() : snapshot.findings(); }

    /** What the history was, for the report's "how the watch ended" line. */
    public String history() {
        if (timeline == null) return null;
        int n = timeline.timeline().samples().size();
        var s = timeline.last().snapshot(); // the one of() judged: the first with enough rows, in its order
        if (s.get(Readings.VITALS).map(v -> v.rows().size() >= TimelineFacts.MIN_SAMPLES).value().orElse(false)) {
            return "a VM.vitals history (" + n + " rows)";
        }
        if (s.get(Readings.GC_LOG).map(g -> g.collections().size() >= TimelineFacts.MIN_SAMPLES).value().orElse(false)) {
            return "a GC log (" + n + " collections)";
        }
        var jstat = s.get(Readings.JSTAT).orNull();
        return jstat != null ? JstatAnalysis.history(jstat, n) : "a history (" + n + " samples)";
    }
}
