// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.Event;
import io.jrss.core.model.Bytes;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.cgroup.KernelLog;
import io.jrss.probe.cgroup.LimitWatch;
import io.jrss.probe.cgroup.MemoryCgroup;
import io.jrss.probe.cgroup.MemoryPressure;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The captures a watch takes before a kill: a thread polls the JVM's footprint against its container's limit
 * ({@link LimitWatch}) and its cgroup's memory stalls ({@link MemoryPressure}) and, when the footprint first crosses a
 * fraction or the stalls first rise to their share, takes a full capture at once (its own capturer, beside the watch's
 * sampling) and keeps it in the {@link CaptureStore}; the watch {@link #drain}s what was taken to record
 * and judge it. At the end it tells the kernel's OOM kill from an exit by the cgroup's count of kills.
 */
public final class LimitCaptures implements AutoCloseable {
    /** What asked for a capture: a fraction of the limit crossed, or the memory stalls risen to their share. */
    public sealed interface Cause {
        /** For the event: "at 90% of its 768 MiB limit (...)". */
        String said();
        /** For the capture's manifest: why it is a full capture. */
        String because();
        /** The end of its directory's name. */
        String suffix();
    }

    public record Crossed(LimitWatch.Crossing crossing) implements Cause {
        @Override public String said() {
            return "at " + Math.round(crossing.share() * 100) + "% of its " + Bytes.of(crossing.limit()).toIec() + " limit ("
                    + (crossing.workingSet() < 0 ? "cgroup usage " + Bytes.of(crossing.usage()).toIec() : "working set " + Bytes.of(crossing.workingSet()).toIec())
                    + ", RSS " + Bytes.of(crossing.rss()).toIec() + ", crossed " + Math.round(crossing.fraction() * 100) + "%)";
        }
        @Override public String because() { return "memory crossed " + Math.round(crossing.fraction() * 100) + "% of the container's limit"; }
        @Override public String suffix() { return Math.round(crossing.fraction() * 100) + "pct"; }
    }

    /** @param stalled the share of the last second some task waited on memory; usage and limit in bytes */
    public record Stalled(double stalled, long usage, long limit) implements Cause {
        @Override public String said() {
            return "when its memory stalls rose to " + Math.round(stalled * 100) + "% of a second (memory.pressure), at cgroup usage "
                    + Bytes.of(usage).toIec() + " of its " + Bytes.of(limit).toIec() + " limit";
        }
        @Override public String because() { return "memory stalls rose to " + Math.round(stalled * 100) + "% of a second (memory.pressure)"; }
        @Override public String suffix() { return "psi"; }
    }

    /** A capture kept (dir) or not (error), for the cause that asked for it. */
    public record Taken(Instant time, Cause cause, Path dir, Capture capture, String error) {
        public String said() { return error != null ? cause.said() + ": the capture failed: " + error : cause.said(); }

        /** The {@link Event#LIMIT_CAPTURE} event that records it, with what its ledger says ({@code verdict}, or null unjudged). */
        public Event event(java.util.function.Function<Capture, String> verdict) {
            return new Event(time, Event.Kind.watch, Event.LIMIT_CAPTURE, said() + (capture == null ? "" : "; " + verdict.apply(capture))
                    + (dir == null ? "" : " (kept in " + dir + ")"));
        }
    }

    /** The {@link Event#OOM_KILL} event of the JVM's end, when {@link #killedBy} said how it is known. */
    public Event killEvent(Instant at, String by) {
        return new Event(at, Event.Kind.target, Event.OOM_KILL, "the kernel's OOM killer ended pid " + pid + " at the "
                + Bytes.of(limitBytes()).toIec() + " limit of its memory cgroup (" + by + ")");
    }

    private final LimitWatch limit;
    private final MemoryPressure pressure;
    private final MemoryPressure.Rise rise;
    private final long killsAtStart;
    private final LiveCapture capturer;
    private final CaptureStore store;
    private final String jvm, jrssVersion;
    private final Clock clock;
    private final Runnable wake;
    private final List<Taken> taken = new ArrayList<>();
    private final Thread thread;
    private final int pid;
    private final long startedSecondsAfterBoot;
    private volatile boolean closed;
    /** The most OOM kills the cgroup counted while polled near its limit: the cgroup may be gone before the watch asks. */
    private volatile long killsSeen = -1;

    private LimitCaptures(int pid, long startedSecondsAfterBoot, LimitWatch limit, MemoryPressure pressure, double share, LiveCapture capturer,
                          CaptureStore store, String jvm, String jrssVersion, Clock clock, Runnable wake) {
        this.pid = pid; this.startedSecondsAfterBoot = startedSecondsAfterBoot;
        this.limit = limit; this.pressure = share > 0 ? pressure : null; this.rise = new MemoryPressure.Rise(share); this.capturer = capturer; this.store = store; this.jvm = jvm; this.jrssVersion = jrssVersion; this.clock = clock; this.wake = wake;
        this.killsAtStart = limit.cgroup().oomKills();
        this.thread = new Thread(this::poll, "jrss-limit-" + jvm);
        thread.setDaemon(true);
    }

    /** Starts polling; null (with nothing started) when the JVM has no memory cgroup with a limit, or nothing is asked. */
    public static LimitCaptures start(int pid, CaptureAt at, LiveCapture capturer, String jrssVersion, Clock clock, Runnable wake) {
        CaptureStore store = at.store();
        if (store == null) return null;
        MemoryCgroup cg = MemoryCgroup.of(pid);
        if (cg == null || cg.limit() < 0) return null;
        Instant started;
        long ticks;
        try {
            ProcPid p = ProcPid.of(pid);
            started = Instant.ofEpochMilli(p.startedAtMillis());
            ticks = p.startTime();
        } catch (IOException e) {
            return null; // it exited as we looked
        }
        LimitCaptures c = new LimitCaptures(pid, ticks / 100, new LimitWatch(pid, cg, at.fractions()), MemoryPressure.of(pid), at.pressure(), capturer,
                store, CaptureStore.jvm(pid, started), jrssVersion, clock, wake);
        c.thread.start();
        return c;
    }

    public long limitBytes() { return limit.limit(); }

    /** What is watched, for the watch's capture-at event: "captures when the footprint first crosses 75%, 90% of ... go to DIR". */
    public String said(CaptureAt at) {
        String when = at.fractions().isEmpty() ? "" : "when the footprint first crosses " + at.fractions().stream().map(f -> Math.round(f * 100) + "%")
                .collect(java.util.stream.Collectors.joining(", ")) + " of the " + Bytes.of(limitBytes()).toIec() + " limit of " + cgroup().dir();
        if (at.pressure() > 0) {
            when += (when.isEmpty() ? "" : ", and ") + (pressure != null ? "when its memory stalls first reach " + Math.round(at.pressure() * 100)
                    + "% of a second (" + pressure.file() + ")" : "not on memory stalls: its cgroup has no memory.pressure (cgroup v2 and PSI, Linux 4.20+)");
        }
        return "captures " + when + " go to " + at.dir();
    }

    public MemoryCgroup cgroup() { return limit.cgroup(); }

    /**
     * How the JVM, now gone, was killed by the kernel's OOM killer, or null when nothing says it was: its cgroup counts
     * more kills than at the start (read now, or last seen near the limit when the cgroup is already gone), else the
     * kernel log names its pid after its start.
     */
    public String killedBy() {
        long now = Math.max(limit.cgroup().oomKills(), killsSeen);
        if (killsAtStart >= 0 && now > killsAtStart) {
            return limit.cgroup().eventsFile() + " oom_kill " + killsAtStart + " → " + now + " in " + limit.cgroup().dir();
        }
        String line = KernelLog.killed(pid, startedSecondsAfterBoot);
        return line == null ? null : "the kernel log: " + line;
    }

    public synchronized List<Taken> drain() {
        List<Taken> out = List.copyOf(taken);
        taken.clear();
        return out;
    }

    private void poll() {
        while (!closed) {
            LimitWatch.Poll p = limit.poll();
            if (p.near() || p.gone()) killsSeen = Math.max(killsSeen, limit.cgroup().oomKills());
            if (p.gone()) { wake.run(); return; }
            if (p.crossing() != null) capture(new Crossed(p.crossing()));
            double stalled = pressure == null ? -1 : rise.next(System.nanoTime(), pressure.someTotalMicros());
            if (stalled >= 0) capture(new Stalled(stalled, limit.cgroup().usage(), limit.limit()));
            try {
                Thread.sleep(p.next().toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void capture(Cause cause) {
        Instant t = clock.instant();
        Capture c = capturer.take(jrssVersion);
        Taken k;
        if (capturer.unanswered()) {
            k = new Taken(t, cause, null, null, "the JVM did not answer");
        } else {
            Map<String, String> info = new LinkedHashMap<>(c.info());
            info.put(CaptureInfo.FULL_BECAUSE.key(), cause.because());
            c = new Capture(info, c.texts(), c.entries());
            try {
                k = new Taken(t, cause, store.keep(jvm, c, t, cause.suffix()), c, null);
            } catch (IOException e) {
                k = new Taken(t, cause, null, c, "cannot write it under " + store.root() + ": " + e.getMessage());
            }
        }
        synchronized (this) { taken.add(k); }
        wake.run();
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
