// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.Event;
import io.jrss.core.capture.ProbeResult;
import io.jrss.core.capture.RecordingWriter;
import io.jrss.core.timeline.SampleSink;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.probe.CulpritHeap;
import io.jrss.probe.CulpritProfile;
import io.jrss.probe.CulpritSchedule;
import io.jrss.probe.CulpritTaker;
import io.jrss.probe.CulpritTimes;
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
import java.util.Set;

/**
 * Watches one JVM: a cheap sample every interval, a full one (smaps, ledger) every full interval, at both ends, and
 * whenever the {@link SampleSink} says a cheap sample shows the footprint moved, each handed to the sink and, with
 * --record, written to disk as it is taken. Ends at the duration, on {@link #stop()}, when the target exits, when it
 * stops answering, or when the recording cannot be written; in every case what was gathered is kept. Fetches and
 * never judges: the sink reads the samples, and knows of terminals if anyone does.
 */
public final class Watch {
    private final HotSpotAttach attach;
    private final WatchOptions options;
    private final Clock clock;
    private final SampleSink sink;
    private final String jrssVersion;
    private final Object wake = new Object();
    private volatile boolean stopped;
    private RecordingWriter recording;
    /** One capturer for the watch's whole life; each sample gets its own books. */
    private final LiveCapture capturer;
    /** Which culprit readings the findings that fired want, and when each was last taken. */
    private final CulpritSchedule culprits;
    /** The culprit readings the watch gathers itself, as allowed: a profiler (--culprits=profile), a heap dump (--culprits=heap). */
    private final List<CulpritTaker> takers;
    /** Set once the end is reached: a finding that fires in the last capture loads no profiler it could not use. */
    private boolean ending;
    /** The captures near the container's limit, and the kill after them; null outside a limited memory cgroup. */
    private LimitCaptures limits;
    /** Set by the limit's thread when it took a capture, so that the watch records it without waiting out its interval. */
    private volatile boolean limitTaken;

    public Watch(HotSpotAttach attach, WatchOptions options, Clock clock, SampleSink sink, String jrssVersion) {
        this.attach = attach; this.options = options; this.clock = clock; this.sink = sink; this.jrssVersion = jrssVersion;
        this.capturer = new LiveCapture(attach.pid(), attach::jcmd, new LiveCapture.Options(options.nmtDetail(), true), clock, f -> { });
        this.culprits = new CulpritSchedule(options.culprits(), options.fullInterval());
        this.takers = java.util.stream.Stream.<CulpritTaker>of(new CulpritProfile(attach), new CulpritHeap(attach.pid()))
                .filter(t -> options.culprits().contains(t.optIn())).toList();
    }

    /** Ends the watch after the sample under way; safe from any thread (a signal handler). */
    public void stop() {
        stopped = true;
        synchronized (wake) { wake.notifyAll(); }
    }

    public WatchResult run() throws IOException {
        try {
            return watch();
        } finally {
            if (limits != null) limits.close();
            for (CulpritTaker taker : takers) { // the watch ended early (an error): a profiler stops, its files go
                String left = taker.release();
                if (left != null) event(new Event(clock.instant(), Event.Kind.watch, "culprits", left));
            }
        }
    }

    private WatchResult watch() throws IOException {
        int pid = attach.pid();
        long startTime = ProcPid.of(pid).startTime();
        if (options.record() != null) recording = RecordingWriter.create(options.record(), recordingInfo(pid));
        Probes p = new Probes(pid, attach::jcmd, clock);
        if (options.nmtBaseline()) probe(p.baseline());
        watchLimit(pid);
        Instant start = clock.instant(), lastFull = null;
        Capture base = null;
        int unanswered = 0;
        WatchEnd.Reason end = null;
        String detail = null;
        while (end == null) {
            Instant t = clock.instant();
            drainLimit();
            if (!alive(pid, startTime)) { end = gone(pid); detail = goneDetail(pid, end); break; }
            if (options.liveProbe() && !liveProbed && !t.isBefore(start.plus(options.liveProbeAt()))) { liveProbed = true; probe(p.live()); }
            boolean full = base == null || lastFull == null || !t.isBefore(lastFull.plus(options.fullInterval()));
            Set<String> asked = full ? culprits.due(t) : Set.of();
            Capture c = full ? capturer.take(jrssVersion, asked) : capturer.sample(base, jrssVersion);
            if (capturer.unanswered()) {
                if (!alive(pid, startTime)) { drainLimit(); end = gone(pid); detail = goneDetail(pid, end); break; }
                unanswered++;
                event(new Event(t, Event.Kind.target, "unanswered", "pid " + pid + " did not answer (" + unanswered + " in a row)"));
                if (unanswered >= options.maxUnanswered()) {
                    end = WatchEnd.Reason.unanswered;
                    detail = "pid " + pid + " stopped answering: " + unanswered + " samples in a row timed out after " + options.timeout().toSeconds() + " s";
                    break;
                }
            } else {
                unanswered = 0;
                if (full) { base = c; lastFull = t; took(asked, c, t); }
                SampleSink.Kept k = keep(c, t);
                end = k == null ? WatchEnd.Reason.record_failed : null;
                if (k != null) asked(k, t);
                String moved = end != null ? null : !full && k.fullBecause() != null ? k.fullBecause() : culprits.newlyWanted();
                // The footprint moved, or a finding fired: take the ledger (and its culprits) now. The verdict that
                // capture reaches may raise a finding of its own; its culprit readings are taken at once, once.
                for (int i = 0; moved != null && end == null && i < 2; i++) {
                    Instant now = clock.instant();
                    Set<String> due = culprits.due(now);
                    Capture f = capturer.take(jrssVersion, due);
                    if (capturer.unanswered()) break;
                    base = withInfo(f, CaptureInfo.FULL_BECAUSE, moved);
                    lastFull = now;
                    took(due, f, now);
                    SampleSink.Kept fk = keep(base, now);
                    if (fk == null) { end = WatchEnd.Reason.record_failed; break; }
                    asked(fk, now);
                    moved = culprits.newlyWanted();
                }
                if (end != null) { detail = "could not write the recording: " + recordError; break; }
            }
            if (options.duration() != null && !clock.instant().isBefore(start.plus(options.duration()))) { end = WatchEnd.Reason.duration; detail = "after " + options.duration().toSeconds() + " s"; break; }
            if (stopped) { end = WatchEnd.Reason.stopped; detail = "stopped"; break; }
            sleepUntil(t.plus(options.interval()));
            if (stopped) { end = WatchEnd.Reason.stopped; detail = "stopped"; }
        }
        drainLimit();
        finish(p, pid, startTime, end);
        return new WatchResult(end, detail, recording == null ? null : recording.dir());
    }

    private String recordError;
    /** Whether the live probe ran (once a watch). */
    private boolean liveProbed;

    /** Starts polling the footprint against the container's limit, when there is one and captures are asked for. */
    private void watchLimit(int pid) {
        CaptureAt at = options.captureAt();
        LiveCapture own = new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(options.nmtDetail(), true), clock, f -> { });
        limits = LimitCaptures.start(pid, at, own, jrssVersion, clock, () -> {
            limitTaken = true;
            synchronized (wake) { wake.notifyAll(); }
        });
        if (limits == null) return;
        event(new Event(clock.instant(), Event.Kind.watch, "capture-at", limits.said(at)));
    }

    /** Records the captures the limit's thread took: where each was kept, and what its ledger says. */
    private void drainLimit() {
        limitTaken = false;
        if (limits == null) return;
        for (LimitCaptures.Taken k : limits.drain()) event(k.event(sink::limitCapture));
    }

    /** How the target ended: killed by the kernel's OOM killer ({@link LimitCaptures#killedBy}), or an exit. */
    private WatchEnd.Reason gone(int pid) {
        String by = limits == null ? null : limits.killedBy();
        if (by == null) return WatchEnd.Reason.target_exited;
        event(limits.killEvent(clock.instant(), by));
        return WatchEnd.Reason.oom_killed;
    }

    private static String goneDetail(int pid, WatchEnd.Reason end) {
        return end == WatchEnd.Reason.oom_killed ? "pid " + pid + " was killed by the kernel at its container's memory limit" : "pid " + pid + " exited";
    }

    /** Records that culprit readings were taken, with what each cost, as an event the report shows. */
    private void took(Set<String> files, Capture c, Instant t) {
        if (files.isEmpty()) return;
        culprits.taken(files, t);
        event(new Event(t, Event.Kind.watch, "culprits", CulpritTimes.of(files, c)));
    }

    private static Capture withTexts(Capture c, Map<String, String> taken, Instant t) {
        Map<String, String> texts = new LinkedHashMap<>(c.texts());
        texts.putAll(taken);
        List<CaptureEntry> entries = new ArrayList<>(c.entries());
        taken.keySet().forEach(f -> entries.add(CaptureEntry.ok(f, "jrss watch --culprits", t, 0)));
        return new Capture(c.info(), texts, entries);
    }

    private static Capture withInfo(Capture c, CaptureInfo key, String value) {
        Map<String, String> info = new LinkedHashMap<>(c.info());
        info.put(key.key(), value);
        return new Capture(info, c.texts(), c.entries());
    }

    /** Hands a capture to the sink and the recording; returns null when the recording could not be written. */
    private SampleSink.Kept keep(Capture c, Instant t) {
        boolean failed = false;
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
            event(new Event(t, Event.Kind.watch, "record-failed", "recording stopped: " + recordError + "; the " + kept + " samples before are kept"));
            failed = true;
        }
        SampleSink.Kept k = sink.keep(c);
        k.raised().forEach(this::record);
        return failed ? null : k;
    }

    /**
     * At the end: a last full sample while the target lives, with the culprit readings again when the last were taken
     * {@link CulpritSchedule#AGAIN_AT_END} ago or more (so that their growth is read however late the finding fired),
     * and one more when the verdict it reached holds a finding whose culprit readings were never taken; then the
     * probes that change it.
     */
    private void finish(Probes p, int pid, long startTime, WatchEnd.Reason end) {
        boolean answering = end != WatchEnd.Reason.unanswered && end != WatchEnd.Reason.target_exited && alive(pid, startTime);
        ending = true;
        Map<String, String> taken = answering ? takeAtEnd() : Map.of();
        Set<String> again = culprits.dueAtEnd(clock.instant());
        if (answering && (!sink.lastIsFull() || !again.isEmpty() || !taken.isEmpty())) lastFull(again, taken);
        if (answering && culprits.newlyWanted() != null) lastFull(culprits.due(clock.instant()), Map.of());
        if (!answering) return;
        if (options.trimProbe()) probe(p.trim(sink.trimUnmeasurable()));
        if (options.nmtBaseline()) probe(p.diff());
    }

    /** The takers' readings, once each is ready (a profile records some seconds at least): their texts by capture file. */
    private Map<String, String> takeAtEnd() {
        takers.stream().map(CulpritTaker::readyAt).filter(java.util.Objects::nonNull).max(Instant::compareTo).ifPresent(this::sleepUntil);
        Map<String, String> texts = new LinkedHashMap<>();
        for (CulpritTaker taker : takers) {
            Instant now = clock.instant();
            CulpritTaker.Taken t = taker.take(now);
            if (t == null) continue;
            event(new Event(now, Event.Kind.watch, "culprits", t.said()));
            texts.putAll(t.texts());
        }
        return texts;
    }

    /** A last full capture with the culprit readings due, and the takers' texts. */
    private void lastFull(Set<String> due, Map<String, String> taken) {
        Instant now = clock.instant();
        Capture c = capturer.take(jrssVersion, due);
        if (capturer.unanswered()) return;
        if (!taken.isEmpty()) c = withTexts(c, taken, now);
        took(due, c, now);
        SampleSink.Kept k = keep(c, now);
        if (k != null) asked(k, now);
    }

    /** Hands the schedule what the verdict asks for, and the takers theirs (a profiler loads when its finding first fires). */
    private void asked(SampleSink.Kept k, Instant t) {
        culprits.asked(k.culprits());
        if (ending) return;
        for (CulpritTaker taker : takers) {
            String said = taker.start(culprits.asksFor(taker.optIn()), t);
            if (said != null) event(new Event(t, Event.Kind.watch, "culprits", said));
        }
    }

    private void probe(ProbeResult r) {
        record(sink.probed(r));
        if (recording == null) return;
        try {
            recording.probe(r);
        } catch (IOException e) {
            if (recordError == null) recordError = e.getMessage();
        }
    }

    private void event(Event e) {
        sink.event(e);
        record(e);
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
            while (!stopped && !limitTaken) {
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
        m.put(CaptureInfo.PID.key(), Integer.toString(pid));
        m.put(CaptureInfo.INTERVAL_MS.key(), Long.toString(options.interval().toMillis()));
        m.put(CaptureInfo.FULL_INTERVAL_MS.key(), Long.toString(options.fullInterval().toMillis()));
        m.put(CaptureInfo.STARTED_AT.key(), clock.instant().toString());
        m.put(CaptureInfo.JRSS_VERSION.key(), jrssVersion);
        return m;
    }
}
