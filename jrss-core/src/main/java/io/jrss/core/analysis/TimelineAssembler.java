// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.capture.Event;
import io.jrss.core.timeline.Limits;
import io.jrss.core.timeline.Movement;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns captures, one after the other, into a timeline: each becomes a sample (signals; ledger rows when it is full),
 * the last full one is kept whole for the ledger and the snapshot rules. A live watch and a recording read back go
 * through here alike, so they reach the same verdicts. Keeps only samples, not snapshots: an hour at 1 s is small.
 * An exporter that runs for months keeps a window instead ({@link #windowed}): the last samples only, no episodes, and
 * no peak apart from the last full sample.
 * Of the snapshots, it keeps the last full one and, per culprit reading, the earliest and latest that held it.
 */
public final class TimelineAssembler {
    private final int pid;
    private final Duration interval;
    private final List<Sample> samples = new ArrayList<>();
    private final List<Event> events = new ArrayList<>();
    private final Set<String> raised = new HashSet<>();
    private final Episodes episodes;
    private final int maxSamples;
    private Diagnosis lastFull, peakFull;
    private Sample lastFullSample;
    private Snapshot lastSnapshot;
    private Map<String, Double> limits = Map.of();
    private final HeldCulprits culprits = new HeldCulprits();

    public TimelineAssembler(int pid, Duration interval) { this(pid, interval, Integer.MAX_VALUE, new Episodes()); }

    private TimelineAssembler(int pid, Duration interval, int maxSamples, Episodes episodes) {
        this.pid = pid; this.interval = interval; this.maxSamples = maxSamples; this.episodes = episodes;
    }

    /** An assembler that keeps the last {@code maxSamples} samples and no episodes: its memory is bounded however long it runs. */
    public static TimelineAssembler windowed(int pid, Duration interval, int maxSamples) {
        if (maxSamples < 2) throw new IllegalArgumentException("a window of at least 2 samples: " + maxSamples);
        return new TimelineAssembler(pid, interval, maxSamples, null);
    }

    /** The snapshot of the last capture added, full or cheap; null before the first. */
    public Snapshot lastSnapshot() { return lastSnapshot; }

    /** Seconds jrss's own culprit readings held the target at safepoints so far ({@link Signals#JRSS_PAUSED}). */
    private double pausedSeconds;

    public Sample add(Capture capture) {
        Snapshot s = SnapshotParser.parse(capture);
        lastSnapshot = s;
        boolean full = capture.text(CaptureFiles.SMAPS).isPresent();
        Map<String, Long> rows = new LinkedHashMap<>();
        if (full) {
            lastFull = Diagnosis.of(s);
            for (LedgerRow r : lastFull.ledger().rows()) rows.put(r.id(), r.bytes().value());
            limits = Limits.of(s);
            long rss = lastFull.ledger().rssKnown() ? lastFull.ledger().rss().value() : 0;
            // Windowed (an exporter), the peak is the last full sample: a second parsed smaps per JVM ran 200 JVMs out of 128 MiB.
            if (episodes == null || peakFull == null || rss > peakFull.ledger().rss().value()) peakFull = lastFull;
            if (episodes != null) episodes.add(s.time(), rss, lastFull.findings());
        }
        culprits.add(s);
        Map<String, Double> signals = Signals.of(s, full ? lastFull.ledger() : null);
        if (pausedSeconds > 0) {
            signals = new LinkedHashMap<>(signals);
            signals.put(Signals.JRSS_PAUSED.name(), pausedSeconds);
        }
        pausedSeconds += SafepointReadings.seconds(capture);
        Sample sample = new Sample(s.time(), full, signals, rows);
        samples.add(sample);
        if (samples.size() > maxSamples) samples.remove(0);
        if (full) lastFullSample = sample;
        return sample;
    }

    public void event(Event e) { events.add(e); }

    public Timeline timeline() { return new Timeline(pid, interval, samples, events, limits); }

    public boolean hasFullSample() { return lastFull != null; }

    public Diagnosis lastFull() { return lastFull; }

    public List<Sample> samples() { return samples; }

    /**
     * What moved since the last full sample enough to take the ledger again ({@link Movement}), or null: a watch
     * takes a full sample right away when a cheap one says so.
     */
    public String movedSinceLastFull(Sample cheap) {
        return lastFullSample == null || cheap.full() ? null : Movement.since(lastFullSample.signals(), cheap.signals());
    }

    /** The verdict so far; null before the first full sample. */
    public TimelineDiagnosis diagnose() {
        return lastFull == null ? null : TimelineDiagnosis.of(timeline(), lastFull, peakFull, episodes == null ? List.of() : episodes.ended(), culprits);
    }

    /** Findings of at least warning severity not raised before: recorded as events and returned, for the live view. */
    public List<Event> newlyRaised(TimelineDiagnosis d) {
        List<Event> out = new ArrayList<>();
        if (d == null || samples.isEmpty()) return out;
        for (Finding f : d.findings()) {
            if (f.severity() != Severity.info && raised.add(f.id())) {
                Event e = new Event(samples.get(samples.size() - 1).time(), Event.Kind.finding, f.id(), f.severity() + ": " + f.title());
                events.add(e);
                out.add(e);
            }
        }
        return out;
    }

    /** The rows of the last full sample, for the live view: id to bytes. */
    public Map<String, Long> lastRows() {
        for (int i = samples.size() - 1; i >= 0; i--) if (samples.get(i).full()) return samples.get(i).rows();
        return Map.of();
    }

}
