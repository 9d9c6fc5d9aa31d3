// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.model.GcLog;
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
 * A GC log judged as a watch would judge the heap: each collection a sample of the heap after it (the old
 * generation's occupancy where the log prints it), its capacity, and the old-generation collections so far, so
 * heap-leak reads the live set from what survives old collections exactly as it does live. Times are the JVM's
 * uptime; a log that prints none is read one second per collection, and says so.
 */
public final class GcLogAnalysis {
    private GcLogAnalysis() {}

    /** The timeline verdict of the capture's GC log, or null when it has none or too few collections. */
    public static TimelineDiagnosis of(Capture capture) {
        Snapshot s = SnapshotParser.parse(capture);
        GcLog log = s.get(Readings.GC_LOG).orNull();
        if (log == null || log.collections().size() < TimelineFacts.MIN_SAMPLES) return null;
        List<Sample> samples = new ArrayList<>();
        long olds = 0;
        double oldMax = 0, heapMax = 0;
        for (GcLog.Collection c : log.collections()) {
            if (c.old()) olds++;
            Map<String, Double> m = new LinkedHashMap<>();
            m.put(Signals.HEAP_USED.name(), (double) c.heapAfter().value());
            m.put(Signals.HEAP_OLD_USED.name(), (double) (c.oldAfter() != null ? c.oldAfter() : c.heapAfter()).value());
            m.put(Signals.OLD_COLLECTIONS.name(), (double) olds);
            if (c.heapCapacity() != null) { m.put(Signals.HEAP_COMMITTED.name(), (double) c.heapCapacity().value()); heapMax = Math.max(heapMax, c.heapCapacity().value()); }
            if (c.oldCapacity() != null) { m.put(Signals.HEAP_OLD_MAX.name(), (double) c.oldCapacity().value()); oldMax = Math.max(oldMax, c.oldCapacity().value()); }
            samples.add(new Sample(Instant.EPOCH.plusMillis(Math.round(c.uptime() * 1000)), false, m, Map.of()));
        }
        Map<String, Double> limits = new LinkedHashMap<>(Limits.of(s));
        if (oldMax > 0) limits.put(Signals.HEAP_OLD_USED.name(), oldMax);
        else if (heapMax > 0) limits.putIfAbsent(Signals.HEAP_OLD_USED.name(), heapMax);
        Duration span = Duration.between(samples.get(0).time(), samples.get(samples.size() - 1).time());
        Timeline t = new Timeline(s.pid(), span.dividedBy(Math.max(1, samples.size() - 1)), samples, List.of(), limits);
        Diagnosis d = Diagnosis.of(s);
        return withWhatTheLogSays(TimelineDiagnosis.of(t, d), d);
    }

    /**
     * What the log itself says happened (a live set that rose into an OutOfMemoryError, metaspace collections up to a
     * last-ditch one, a heap larger than the machine) stands beside the trends: a trend rule that found no growth in
     * the samples does not take back an error the log printed.
     */
    private static TimelineDiagnosis withWhatTheLogSays(TimelineDiagnosis td, Diagnosis d) {
        List<Finding> findings = new ArrayList<>(td.findings());
        for (Finding f : d.findings()) {
            if (findings.stream().noneMatch(x -> x.id().equals(f.id()))) findings.add(f);
        }
        if (findings.size() == td.findings().size()) return td;
        findings.sort(TimelineDiagnosis.ORDER);
        return new TimelineDiagnosis(td.last(), td.peak(), td.timeline(), td.rowTrends(), td.signalTrends(), List.copyOf(findings), td.episodes(),
                td.notEvaluated());
    }
}
