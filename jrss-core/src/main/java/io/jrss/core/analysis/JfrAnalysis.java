// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.model.Reading;
import io.jrss.core.parse.ParseException;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.JfrRecording;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JFR recording judged as a watch would be: its samples are the timeline, and its last values (RSS, NMT by
 * category, the container limit) stand in for those readings of a snapshot for the ledger, which is partial: JFR has
 * no smaps.
 */
public final class JfrAnalysis {
    private JfrAnalysis() {}

    public static TimelineDiagnosis of(Path file) throws IOException {
        JfrRecording.Read r = JfrRecording.read(file);
        if (r.samples().isEmpty()) {
            throw new ParseException(0, file + ": no event jrss reads (jdk.ResidentSetSize, jdk.NativeMemoryUsage, jdk.GCHeapSummary,"
                    + " jdk.JavaThreadStatistics, ...); record with the 'default' or 'profile' settings, NMT on for NativeMemoryUsage");
        }
        Sample last = r.samples().get(r.samples().size() - 1);
        Snapshot s = SnapshotParser.parse(new Capture(Map.of(CaptureInfo.PID.key(), Long.toString(r.pid()), CaptureInfo.CAPTURED_AT.key(), last.time().toString()), Map.of(), List.of()));
        Map<String, Bytes> memory = new LinkedHashMap<>();
        Double rss = lastValue(r.samples(), Signals.RSS.name()), threads = lastValue(r.samples(), Signals.THREADS.name());
        if (rss != null) memory.put("VmRSS", Bytes.of(rss.longValue()));
        if (rss != null) s = s.with(Readings.STATUS, Reading.of(new ProcStatus("", (int) r.pid(), List.of(), 0, 0, 0, 0,
                threads == null ? 0 : threads.intValue(), memory, 0, 0, Map.of("VmRSS", rss.longValue() / 1024 + " kB"))));
        if (r.lastNmt() != null) s = s.with(Readings.NMT, Reading.of(r.lastNmt()));
        if (r.containerLimit() != null) s = s.with(Readings.CGROUP_MEMORY,
                Reading.of(new CgroupMemory(0, "(JFR jdk.ContainerConfiguration)", r.containerLimit(), null, null, Map.of())));
        Map<String, Double> limits = new LinkedHashMap<>();
        if (r.containerLimit() != null) {
            limits.put(Signals.RSS.name(), (double) r.containerLimit().value());
            limits.put(Signals.CGROUP_USAGE.name(), (double) r.containerLimit().value());
        }
        Timeline t = new Timeline((int) r.pid(), Duration.ofSeconds(1), r.samples(), List.of(), limits);
        return TimelineDiagnosis.of(t, Diagnosis.of(s));
    }

    private static Double lastValue(List<Sample> samples, String signal) {
        for (int i = samples.size() - 1; i >= 0; i--) if (samples.get(i).signal(signal) != null) return samples.get(i).signal(signal);
        return null;
    }
}
