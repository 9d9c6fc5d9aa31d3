// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.model.Vitals;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.timeline.VitalsSignals;
import io.jrss.core.rules.timeline.TimelineFacts;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.Limits;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A SapMachine VM.vitals history judged as a watch would be: each row a sample of the signals it has (RSS and its
 * parts, glibc's C-heap in use and free, NMT's malloc total, heap, metaspace, classes, threads), the snapshot of
 * the rest of the outputs (whose status and glibc figures are the latest row's) for the ledger.
 */
public final class VitalsAnalysis {
    private VitalsAnalysis() {}

    /** The timeline verdict of the capture's VM.vitals, or null when it has none or too few rows to judge growth. */
    public static TimelineDiagnosis of(Capture capture) {
        Snapshot s = SnapshotParser.parse(capture);
        Vitals v = s.get(Readings.VITALS).orNull();
        if (v == null || v.rows().size() < TimelineFacts.MIN_SAMPLES) return null;
        List<Vitals.Row> rows = v.inTimeOrder();
        List<Sample> samples = rows.stream().map(r -> new Sample(r.time(), false, VitalsSignals.signals(r), Map.of())).toList();
        Duration interval = Duration.between(rows.get(0).time(), rows.get(rows.size() - 1).time()).dividedBy(rows.size() - 1);
        Timeline t = new Timeline(s.pid(), interval, samples, List.of(), Limits.of(s));
        return TimelineDiagnosis.of(t, Diagnosis.of(s));
    }
}
