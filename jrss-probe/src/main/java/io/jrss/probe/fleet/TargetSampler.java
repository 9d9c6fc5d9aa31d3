// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.fleet;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.probe.watch.LimitCaptures;
import io.jrss.core.fleet.FleetSink;
import io.jrss.probe.CulpritSchedule;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Samples one JVM of a fleet: a full capture first, every full interval and when the sink says the footprint moved,
 * a cheap one otherwise, as a watch does. Each attach and command has the timeout; a target that does not answer
 * costs one timeout (the capture's later commands are skipped) and is asked again at the next interval.
 */
final class TargetSampler {
    private final int pid;
    private final long startTime;
    private final FleetSink.Target target;
    private final AtomicBoolean busy = new AtomicBoolean();
    private HotSpotAttach attach;
    private LiveCapture capturer; // one for the target's whole life, as a watch keeps one
    private Capture base;
    private Instant lastFull;
    private boolean fullNext = true;
    private CulpritSchedule culprits;
    /** The captures near its container's limit and the kill after them; null outside a limited memory cgroup. */
    private volatile LimitCaptures limits;

    TargetSampler(int pid, long startTime, FleetSink.Target target) {
        this.pid = pid;
        this.startTime = startTime;
        this.target = target;
    }

    long startTime() { return startTime; }

    FleetSink.Target target() { return target; }

    /** Claims the sampler for one sample; false while the last one is still under way (a slow target never piles up). */
    boolean claim() { return busy.compareAndSet(false, true); }

    /** Takes one sample and hands it to the sink; releases the claim. */
    void sample(FleetSampler.Options o, Clock clock) {
        long t0 = System.nanoTime();
        try {
            if (attach == null) {
                attach = HotSpotAttach.to(pid, o.timeout());
                capturer = new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(false, true), clock, f -> { });
                culprits = new CulpritSchedule(o.culprits(), o.fullInterval());
                limits = LimitCaptures.start(pid, o.captureAt(), new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(false, true), clock, f -> { }),
                        o.jrssVersion(), clock, this::drainLimit);
            }
            Instant now = clock.instant();
            boolean full = base == null || fullNext || !now.isBefore(lastFull.plus(o.fullInterval()));
            Set<String> asked = full ? culprits.due(now) : Set.of();
            Capture c = full ? capturer.take(o.jrssVersion(), asked) : capturer.sample(base, o.jrssVersion());
            if (capturer.unanswered()) {
                target.failed(firstFailure(c), took(t0));
                return;
            }
            if (full) { base = LiveCapture.carriedOnly(c); lastFull = now; culprits.taken(asked, now); }
            fullNext = target.keep(c, took(t0));
            culprits.asked(target.culprits());
            fullNext |= culprits.newlyWanted() != null; // a finding fired: its culprit readings at the next sample
        } catch (AttachException e) {
            target.failed(e.getMessage(), took(t0));
        } catch (RuntimeException e) { // a bug must cost this sample, not the exporter
            target.failed("pid " + pid + ": " + e, took(t0));
        } finally {
            busy.set(false);
        }
    }

    /** Hands the sink the captures the limit's thread took, each with what its ledger says. */
    private void drainLimit() {
        LimitCaptures l = limits;
        if (l == null) return;
        for (LimitCaptures.Taken k : l.drain()) target.event(k.event(target::limitCapture), k.dir() == null ? null : k.dir().toString());
    }

    /** The JVM exited or is no longer followed: killed by the kernel when its cgroup or the kernel log says so, else gone. */
    void gone() {
        LimitCaptures l = limits;
        String by = l == null ? null : l.killedBy();
        close();
        if (by == null) { target.gone(); return; }
        drainLimit();
        target.killed(l.killEvent(java.time.Instant.now(), by));
    }

    void close() {
        LimitCaptures l = limits;
        if (l != null) l.close();
    }

    private String firstFailure(Capture c) {
        return c.entries().stream().filter(e -> e.status() == CaptureEntry.Status.failed).map(CaptureEntry::detail).findFirst()
                .orElse("pid " + pid + " did not answer");
    }

    private static Duration took(long t0) { return Duration.ofNanos(System.nanoTime() - t0); }
}
