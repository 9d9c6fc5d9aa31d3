// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Jstat;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.timeline.TimelineFacts;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.Limits;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A jstat series judged as a watch judges the heap: jstat reads the same hsperfdata counters a watch does, so each row
 * is a sample of the old generation's occupancy (OU) and capacity (OGCMX where printed, else OC), the old-generation
 * collections so far (FGC, plus CGC from JDK 9, as a watch counts them), the heap in use and metaspace's committed
 * bytes (MC). heap-leak then reads the live set from what survives old collections exactly as it does live. Times
 * are the {@code -t} timestamps, else the interval of the command line pasted above, else one second a row.
 */
public final class JstatAnalysis {
    private JstatAnalysis() {}

    /** The timeline verdict of the capture's jstat series, or null when it has none or too few rows. */
    public static TimelineDiagnosis of(Capture capture) {
        Snapshot s = SnapshotParser.parse(capture);
        Jstat j = s.get(Readings.JSTAT).orNull();
        Jstat.Table t = j == null ? null : j.series();
        if (t == null || t.rows().size() < TimelineFacts.MIN_SAMPLES) return null;
        List<Sample> samples = new ArrayList<>();
        double oldMax = 0;
        for (int i = 0; i < t.rows().size(); i++) {
            Jstat.Row r = t.rows().get(i);
            Map<String, Double> m = new LinkedHashMap<>();
            put(m, Signals.HEAP_OLD_USED.name(), r.kib("OU"));
            Bytes capacity = r.kib("OGCMX") != null ? r.kib("OGCMX") : r.kib("OC");
            put(m, Signals.HEAP_OLD_MAX.name(), capacity);
            if (capacity != null) oldMax = Math.max(oldMax, capacity.value());
            put(m, Signals.HEAP_USED.name(), r.heapUsed());
            put(m, Signals.METASPACE_COMMITTED.name(), r.kib("MC"));
            Long olds = r.oldCollections(), young = r.count("YGC");
            if (olds != null) m.put(Signals.OLD_COLLECTIONS.name(), (double) olds);
            if (olds != null && young != null) m.put(Signals.GC_COLLECTIONS.name(), (double) (olds + young));
            samples.add(new Sample(Instant.EPOCH.plus(t.time(i)), false, m, Map.of()));
        }
        Map<String, Double> limits = new LinkedHashMap<>(Limits.of(s));
        if (oldMax > 0) limits.put(Signals.HEAP_OLD_USED.name(), oldMax);
        Duration span = Duration.between(samples.get(0).time(), samples.get(samples.size() - 1).time());
        Timeline timeline = new Timeline(s.pid(), span.dividedBy(samples.size() - 1), samples, List.of(), limits);
        Diagnosis d = Diagnosis.of(s);
        return withTheSnapshot(TimelineDiagnosis.of(timeline, d), d);
    }

    private static void put(Map<String, Double> m, String signal, Bytes b) { if (b != null) m.put(signal, (double) b.value()); }

    /**
     * What the rows show at once stands beside the trends (the old generation full through back-to-back collections,
     * metaspace at its limit): a trend rule that saw less does not take it back, and of two verdicts with one id the
     * more severe stays.
     */
    private static TimelineDiagnosis withTheSnapshot(TimelineDiagnosis td, Diagnosis d) {
        List<Finding> findings = new ArrayList<>(td.findings());
        boolean changed = false;
        for (Finding f : d.findings()) {
            Finding same = findings.stream().filter(x -> x.id().equals(f.id())).findFirst().orElse(null);
            if (same != null && f.severity().compareTo(same.severity()) <= 0) continue;
            if (same != null) findings.remove(same);
            findings.add(f);
            changed = true;
        }
        if (!changed) return td;
        findings.sort(TimelineDiagnosis.ORDER);
        return new TimelineDiagnosis(td.last(), td.peak(), td.timeline(), td.rowTrends(), td.signalTrends(), List.copyOf(findings), td.episodes(),
                td.notEvaluated());
    }

    /** How the report names the history. */
    static String history(Jstat j, int rows) {
        Jstat.Table t = j.series();
        return "a jstat " + t.option() + " series (" + rows + " rows" + (t.timesKnown() ? "" : ", read as 1 s apart: -t or the command line gives their times") + ")";
    }
}
