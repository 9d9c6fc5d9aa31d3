// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.Event;
import io.jrss.core.capture.ProbeResult;
import io.jrss.core.model.Allocator;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.SampleSink;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges a watch as the probe takes it: each capture joins the {@link TimelineAssembler}, a verdict is reached at
 * every full sample and every few seconds between, findings raised for the first time become events, and a cheap
 * sample whose footprint moved asks for a full one. A {@link Listener} shows it live; {@link #result} ends it.
 */
public final class WatchJudge implements SampleSink {
    /** Told of each sample and of what happened, for a live view. */
    public interface Listener {
        void sampled(Sample sample, TimelineAssembler timeline, TimelineDiagnosis verdict);
        default void event(Event e) {}
    }

    /** Diagnosing costs O(samples) per signal; a live view does not need it more often than this. */
    static final Duration DIAGNOSE_EVERY = Duration.ofSeconds(5);

    private final TimelineAssembler assembler;
    private final Listener listener;
    private final List<ProbeOutcome> probes = new ArrayList<>();
    private Instant lastVerdictAt = Instant.MIN;

    public WatchJudge(int pid, Duration interval, Listener listener) {
        this.assembler = new TimelineAssembler(pid, interval);
        this.listener = listener;
    }

    @Override
    public Kept keep(Capture capture) {
        Sample s = assembler.add(capture);
        TimelineDiagnosis verdict = null;
        List<Event> raised = List.of();
        if (s.full() || !s.time().isBefore(lastVerdictAt.plus(DIAGNOSE_EVERY))) {
            verdict = assembler.diagnose();
            lastVerdictAt = s.time();
            raised = assembler.newlyRaised(verdict);
            raised.forEach(listener::event);
        }
        listener.sampled(s, assembler, verdict);
        return new Kept(raised, assembler.movedSinceLastFull(s), verdict == null ? null : Culprits.asks(verdict.findings().stream().map(Finding::id).toList()));
    }

    @Override
    public void event(Event e) {
        assembler.event(e);
        listener.event(e);
    }

    @Override
    public Event probed(ProbeResult r) {
        ProbeOutcome o = ProbeOutcome.of(r);
        probes.add(o);
        Event e = new Event(r.time(), Event.Kind.probe, r.name(), o.summary());
        event(e);
        return e;
    }

    @Override
    public boolean lastIsFull() {
        List<Sample> samples = assembler.samples();
        return !samples.isEmpty() && samples.get(samples.size() - 1).full();
    }

    @Override
    public String trimUnmeasurable() {
        Allocator allocator = assembler.hasFullSample() ? assembler.lastFull().snapshot().preloadedAllocator() : null;
        return allocator == null ? null : allocator + " is preloaded: malloc_trim only trims glibc's heap, so there is nothing to measure";
    }

    @Override
    public String limitCapture(Capture capture) {
        return LimitCapture.verdict(capture, assembler);
    }

    /** The verdict over the whole watch; null before the first full sample. */
    public TimelineDiagnosis diagnose() { return assembler.diagnose(); }

    /** What the probes did, in the order they ran. */
    public List<ProbeOutcome> probes() { return List.copyOf(probes); }
}
