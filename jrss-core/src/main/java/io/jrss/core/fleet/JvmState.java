// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.size.Sizer;
import io.jrss.core.size.Sizing;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.Event;
import io.jrss.core.fleet.JvmReading.Health;
import io.jrss.core.parse.ParseException;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.timeline.Trends;
import io.jrss.core.trend.Series;
import io.jrss.core.trend.Trend;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One exported JVM: its samples join a windowed {@link TimelineAssembler} (the same rules as a watch), and after each
 * the {@link JvmReading} a scrape shows is rebuilt whole and published. One worker at a time calls it.
 */
final class JvmState implements FleetSink.Target {
    /** A trend is published from this many points on: two points make a line, not a trend. */
    static final int TREND_POINTS = 3;

    private final JvmLabels labels;
    private final TimelineAssembler assembler;
    private final Consumer<String> notes;
    private final Consumer<JvmState> onGone, onKilled;
    private final Map<String, Long> samples = new LinkedHashMap<>(Map.of("cheap", 0L, "full", 0L));
    private final Map<String, Duration> lastSample = new LinkedHashMap<>();
    private long failures;
    private String lastCapture;
    /** When the kernel killed it, or null while it lives. */
    private volatile java.time.Instant killedAt;
    private volatile JvmReading reading;
    private TimelineDiagnosis verdict;
    private Sizing sized;

    JvmState(JvmLabels labels, Duration interval, int window, Consumer<String> notes, Consumer<JvmState> onGone, Consumer<JvmState> onKilled) {
        this.labels = labels;
        this.notes = notes;
        this.assembler = TimelineAssembler.windowed(labels.pid(), interval, window);
        this.onGone = onGone;
        this.onKilled = onKilled;
        this.reading = JvmReading.none(labels, health(null));
    }

    JvmReading reading() { return reading; }

    @Override
    public synchronized boolean keep(Capture capture, Duration took) {
        Sample s;
        try {
            s = assembler.add(capture);
        } catch (ParseException e) { // a target's reply jrss cannot read: a failed sample, not a dead exporter
            failed("pid " + labels.pid() + ": " + e.getMessage(), took);
            return false;
        }
        if (reading.health().lastError() != null) notes.accept(Fleet.name(labels) + " answers again");
        String kind = s.full() ? "full" : "cheap";
        samples.merge(kind, 1L, Long::sum);
        lastSample.put(kind, took);
        // The verdict is reached at full samples only: rules and trends cost O(window) per series, and at 200 JVMs a verdict at
        // every cheap sample was most of the exporter's CPU (docs/performance.md). A cheap sample whose footprint moved asks for
        // a full one at the next interval, which judges it. Between full samples the signals are new, the findings as last judged.
        if (s.full() || verdict == null) judge();
        TimelineDiagnosis d = verdict;
        Health h = health(null);
        reading = d == null ? new JvmReading(labels, s.time(), s.signals(), Map.of(), Map.of(), null, List.of(), Map.of(), null, h, pools(), null)
                : of(s, d, h);
        return assembler.movedSinceLastFull(s) != null;
    }

    private JvmReading of(Sample s, TimelineDiagnosis d, Health h) {
        Timeline t = d.timeline();
        Map<String, Double> rowTrends = new LinkedHashMap<>();
        for (Trend r : d.rowTrends()) if (r.samples() >= TREND_POINTS) rowTrends.put(r.name(), r.slope().perHour());
        Double rssTrend = d.signalTrends().stream().filter(r -> r.name().equals(Signals.RSS.name()) && r.samples() >= TREND_POINTS)
                .map(r -> r.slope().perHour()).findFirst().orElse(null);
        Series live = Trends.liveHeap(t);
        return new JvmReading(labels, s.time(), s.signals(), assembler.lastRows(), t.limits(), live.size() == 0 ? null : live.last(),
                d.findings(), rowTrends, rssTrend, h, pools(), sized);
    }

    /** The MXBean-like pools of the last capture, for the names other exporters use. */
    private MxPools pools() {
        return assembler.lastSnapshot() == null ? reading.pools() : MxPools.of(assembler.lastSnapshot());
    }

    @Override
    public synchronized void failed(String why, Duration took) {
        failures++;
        JvmReading r = reading;
        if (r.health().lastError() == null) notes.accept(Fleet.name(labels) + ": cannot sample it: " + why);
        reading = new JvmReading(r.labels(), r.time(), r.signals(), r.rows(), r.limits(), r.liveHeap(), r.findings(), r.rowTrends(), r.rssTrend(),
                health(why), r.pools(), r.sizing());
    }

    @Override
    public void gone() { onGone.accept(this); }

    @Override
    public synchronized String limitCapture(Capture c) {
        return io.jrss.core.analysis.LimitCapture.verdict(c, assembler);
    }

    @Override
    public synchronized void event(Event e, String capture) {
        assembler.event(e);
        if (capture != null) lastCapture = capture;
        republish();
    }

    @Override
    public synchronized void killed(Event kill) {
        killedAt = java.time.Instant.now();
        assembler.event(kill);
        republish();
        onKilled.accept(this);
    }

    /** The verdict of the samples kept, and jrss size's recommendation from it (jrss_recommended_limit_bytes); null before a full sample. */
    private TimelineDiagnosis judge() {
        verdict = assembler.diagnose();
        sized = verdict == null ? null : Sizer.of(verdict);
        return verdict;
    }

    /** The reading again from the samples kept, after an event: the verdict it adds (a kill) shows at the next scrape. */
    private void republish() {
        JvmReading r = reading;
        TimelineDiagnosis d = judge();
        List<Sample> all = assembler.samples();
        Health h = health(killedAt != null ? "killed by the kernel's OOM killer at its container's memory limit" : r.health().lastError());
        reading = d == null || all.isEmpty() ? new JvmReading(r.labels(), r.time(), r.signals(), r.rows(), r.limits(), r.liveHeap(), r.findings(), r.rowTrends(),
                r.rssTrend(), h, r.pools(), r.sizing()) : of(all.get(all.size() - 1), d, h);
    }

    JvmLabels labels() { return labels; }

    /** When the kernel killed it, or null while it lives. */
    java.time.Instant killedAt() { return killedAt; }

    @Override
    public List<io.jrss.core.snapshot.CulpritAsk> culprits() {
        return io.jrss.core.rules.culprits.Culprits.asks(reading.findings().stream().map(io.jrss.core.rules.Finding::id).toList());
    }

    private Health health(String error) {
        return new Health(Map.copyOf(lastSample), Map.copyOf(samples), failures, error, lastCapture, killedAt != null);
    }
}
