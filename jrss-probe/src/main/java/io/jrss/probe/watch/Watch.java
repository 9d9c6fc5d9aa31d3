// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.RecordingWriter;
import io.jrss.core.timeline.Event;
import io.jrss.core.timeline.ProbeResult;
import io.jrss.core.timeline.Sample;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Watches one JVM: a cheap sample every interval, a full one (smaps, ledger) every full interval, at both ends, and
 * whenever a cheap sample shows the footprint moved since the last full one ({@code Movement}), each appended to the timeline and, with --record, written to disk as it is taken. Ends at the duration, on
 * {@link #stop()}, when the target exits, when it stops answering, or when the recording cannot be written; in
 * every case what was gathered is returned. Knows nothing of terminals: a {@link Listener} shows progress.
 */
public final class Watch {
    /** Told of each sample and of what happened, for a live view. */
    public interface Listener {
        void sampled(Sample sample, TimelineAssembler timeline, TimelineDiagnosis verdict);
        default void event(Event e) {}
    }

    /** Diagnosing costs O(samples) per signal; a live view does not need it more often than this. */
    static final Duration DIAGNOSE_EVERY = Duration.ofSeconds(5);

    private final HotSpotAttach attach;
    private final WatchOptions options;
    private final Clock clock;
    private final Listener listener;
    private final String jrssVersion;
    private final Object wake = new Object();
    private volatile boolean stopped;
    private final TimelineAssembler assembler;
    private final List<ProbeResult> probes = new ArrayList<>();
    private RecordingWriter recording;

    public Watch(HotSpotAttach attach, WatchOptions options, Clock clock, Listener listener, String jrssVersion) {
        this.attach = attach; this.options = options; this.clock = clock; this.listener = listener; this.jrssVersion = jrssVersion;
        this.assembler = new TimelineAssembler(attach.pid(), options.interval());
    }

    /** Ends the watch after the sample under way; safe from any thread (a signal handler). */
    public void stop() {
        stopped = true;
        synchronized (wake) { wake.notifyAll(); }
    }

    public WatchResult run() throws IOException {
        int pid = attach.pid();
        long startTime = ProcPid.of(pid).startTime();
        if (options.record() != null) recording = RecordingWriter.create(options.record(), recordingInfo(pid));
        Probes p = new Probes(pid, attach::jcmd, clock);
        if (options.nmtBaseline()) probe(p.baseline());
        Instant start = clock.instant(), lastFull = null;
        Capture base = null;
        int unanswered = 0;
        WatchResult.End end = null;
        String detail = null;
        while (end == null) {
            Instant t = clock.instant();
            if (!alive(pid, startTime)) { end = WatchResult.End.target_exited; detail = "pid " + pid + " exited"; break; }
            boolean full = base == null || lastFull == null || !t.isBefore(lastFull.plus(options.fullInterval()));
            LiveCapture lc = capture();
            Capture c = full ? lc.take(jrssVersion) : lc.sample(base, jrssVersion);
            if (lc.unanswered()) {
                if (!alive(pid, startTime)) { end = WatchResult.End.target_exited; detail = "pid " + pid + " exited"; break; }
                unanswered++;
                event(new Event(t, "target", "unanswered", "pid " + pid + " did not answer (" + unanswered + " in a row)"));
                if (unanswered >= options.maxUnanswered()) {
                    end = WatchResult.End.unanswered;
                    detail = "pid " + pid + " stopped answering: " + unanswered + " samples in a row timed out after " + options.timeout().toSeconds() + " s";
                    break;
                }
            } else {
                unanswered = 0;
                if (full) { base = c; lastFull = t; }
                end = keep(c, t);
                String moved = full || end != null ? null : assembler.movedSinceLastFull(kept);
                if (moved != null) { // the footprint moved: take the ledger now, not at the next full interval
                    Instant now = clock.instant();
                    LiveCapture again = capture();
                    Capture f = again.take(jrssVersion);
                    if (!again.unanswered()) {
                        base = withInfo(f, "full_because", moved);
                        lastFull = now;
                        end = keep(base, now);
                    }
                }
                if (end != null) { detail = "could not write the recording: " + recordError; break; }
            }
            if (options.duration() != null && !clock.instant().isBefore(start.plus(options.duration()))) { end = WatchResult.End.duration; detail = "after " + options.duration().toSeconds() + " s"; break; }
            if (stopped) { end = WatchResult.End.stopped; detail = "stopped"; break; }
            sleepUntil(t.plus(options.interval()));
            if (stopped) { end = WatchResult.End.stopped; detail = "stopped"; }
        }
        finish(p, pid, startTime, end);
        return new WatchResult(assembler, end, detail, List.copyOf(probes), recording == null ? null : recording.dir());
    }

    private String recordError;
    private Sample kept;

    private LiveCapture capture() {
        return new LiveCapture(attach.pid(), attach::jcmd, new LiveCapture.Options(options.nmtDetail(), true), clock, f -> { });
    }

    private static Capture withInfo(Capture c, String key, String value) {
        Map<String, String> info = new LinkedHashMap<>(c.info());
        info.put(key, value);
        return new Capture(info, c.texts(), c.entries());
    }

    /** Adds a capture to the timeline and the recording; returns record_failed when it could not be written. */
    private WatchResult.End keep(Capture c, Instant t) {
        Sample s = assembler.add(c);
        kept = s;
        WatchResult.End end = null;
        if (recording != null && recordError == null) {
            try {
                recording.add(c);
            } catch (IOException e) {
                recordError = e.getMessage();
            }
        }
        if (recording != null && recordError != null) {
            int kept = recording.samples();
            recording = null;
            event(new Event(t, "watch", "record-failed", "recording stopped: " + recordError + "; the " + kept + " samples before are kept"));
            end = WatchResult.End.record_failed;
        }
        TimelineDiagnosis verdict = null;
        if (s.full() || !t.isBefore(lastVerdictAt.plus(DIAGNOSE_EVERY))) {
            verdict = assembler.diagnose();
            lastVerdictAt = t;
            for (Event e : assembler.newlyRaised(verdict)) { record(e); listener.event(e); }
        }
        listener.sampled(s, assembler, verdict);
        return end;
    }

    private Instant lastVerdictAt = Instant.MIN;

    /** At the end: a last full sample while the target lives, then the probes that change it. */
    private void finish(Probes p, int pid, long startTime, WatchResult.End end) {
        boolean answering = end != WatchResult.End.unanswered && end != WatchResult.End.target_exited && alive(pid, startTime);
        List<Sample> samples = assembler.samples();
        if (answering && (samples.isEmpty() || !samples.get(samples.size() - 1).full())) {
            LiveCapture lc = capture();
            Capture c = lc.take(jrssVersion);
            if (!lc.unanswered()) keep(c, clock.instant());
        }
        if (!answering) return;
        if (options.trimProbe()) probe(p.trim(assembler.hasFullSample() ? assembler.lastFull().snapshot() : null));
        if (options.nmtBaseline()) probe(p.diff());
    }

    private void probe(ProbeResult r) {
        probes.add(r);
        String text = r.ran() ? r.command() + " ran" + (r.returned() != null ? ": RSS " + r.rssBefore().toIec() + " -> " + r.rssAfter().toIec() : "")
                : r.command() + " did not run: " + r.output();
        event(new Event(r.time(), "probe", r.name(), text));
    }

    private void event(Event e) {
        assembler.event(e);
        record(e);
        listener.event(e);
    }

    private void record(Event e) {
        if (recording == null) return;
        try {
            recording.event(e);
        } catch (IOException ex) {
            if (recordError == null) recordError = ex.getMessage(); // the next sample ends the watch
        }
    }

    private void sleepUntil(Instant next) {
        synchronized (wake) {
            while (!stopped) {
                long ms = Duration.between(clock.instant(), next).toMillis();
                if (ms <= 0) return;
                try {
                    wake.wait(ms);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stopped = true;
                }
            }
        }
    }

    static boolean alive(int pid, long startTime) {
        try {
            ProcPid p = ProcPid.of(pid);
            return p.startTime() == startTime && p.state() != 'Z';
        } catch (IOException e) {
            return false;
        }
    }

    private Map<String, String> recordingInfo(int pid) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pid", Integer.toString(pid));
        m.put("interval_ms", Long.toString(options.interval().toMillis()));
        m.put("full_interval_ms", Long.toString(options.fullInterval().toMillis()));
        m.put("started_at", clock.instant().toString());
        m.put("jrss_version", jrssVersion);
        return m;
    }
}
