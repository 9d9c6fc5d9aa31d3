// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import io.jrss.core.trend.Series;
import java.time.Duration;
import java.time.Instant;

/**
 * A program's start-up is not a trend. A JVM fills its code cache, metaspace and pools fastest in its first minute
 * (a batch job that lives 30 s is all start-up), and a row far below its limit reaches it only by extrapolating a
 * pace that may not last. Before a timeline rule says when a limit is reached, the growth must show the same pace
 * after warm-up: over the samples taken once the JVM had run {@link #FIRST_MINUTE} (its uptime, from hsperfdata),
 * or, where the uptime is unknown and the row is far below its limit, once the watch had run that long.
 *
 * @param needed  whether the watch holds warm-up at all (the JVM's first minute, or an unknown uptime far below the limit)
 * @param after   the growth over the samples after warm-up; null when too few of them to judge
 * @param reason  why the growth was not extrapolated, for "not evaluated" and evidence; null when it may be
 */
public record WarmUp(boolean needed, Growth after, String reason) {
    static final Duration FIRST_MINUTE = Duration.ofSeconds(60);
    /** A row below this share of its limit is far from it. */
    static final double FAR_BELOW = 0.25;

    /** Whether the growth {@code whole} of {@code signal} may be extrapolated to its limit, and from which samples. */
    static WarmUp of(TimelineFacts f, String signal, Growth whole, double noise) {
        Series s = f.timeline().series(signal);
        if (s.size() == 0) return new WarmUp(false, whole, null);
        Instant from = warmedUpAt(f, s, whole);
        if (from == null || !from.isAfter(s.times().get(0))) return new WarmUp(false, whole, null);
        Series.Builder b = new Series.Builder(signal);
        for (int i = 0; i < s.size(); i++) if (!s.times().get(i).isBefore(from)) b.add(s.times().get(i), s.values().get(i));
        Series after = b.build();
        if (after.size() < TimelineFacts.MIN_SAMPLES || after.span().compareTo(TimelineFacts.MIN_SPAN) < 0) {
            return new WarmUp(true, null, signal + " grew " + TrendEvidence.rate(whole, Signals.isBytes(signal)) + " during "
                    + (uptimeKnown(f) ? "the JVM's first minute" : "the watch's first minute, far below its limit")
                    + ": start-up, not yet a trend; watch it for " + FIRST_MINUTE.toSeconds() + " s more");
        }
        Growth g = Growth.of(after, noise, f.timeline().limit(signal));
        boolean samePace = g.outlasts(noise) && g.whole().slope().perSecond() >= Growth.KEEPS_PACE * whole.whole().slope().perSecond();
        return new WarmUp(true, g, samePace ? null : signal + " grew " + TrendEvidence.rate(whole, Signals.isBytes(signal))
                + " with start-up, but not at that pace after it (" + g.whole().shape().name() + " over the last "
                + after.span().toSeconds() + " s): a warm-up, not a trend");
    }

    /** The first instant after warm-up, or null when the watch holds none. */
    private static Instant warmedUpAt(TimelineFacts f, Series s, Growth whole) {
        Instant firstMinuteEnds = null;
        for (Sample x : f.timeline().samples()) {
            Double up = x.signal(Signals.JVM_UPTIME);
            if (up == null) continue;
            firstMinuteEnds = x.time().plusMillis(Math.round((FIRST_MINUTE.toSeconds() - up) * 1000));
            break;
        }
        if (firstMinuteEnds != null) return firstMinuteEnds;
        Double limit = f.timeline().limit(s.name());
        boolean farBelow = limit != null && limit > 0 && s.last() < FAR_BELOW * limit;
        return farBelow ? s.times().get(0).plus(FIRST_MINUTE) : null;
    }

    private static boolean uptimeKnown(TimelineFacts f) {
        return f.timeline().samples().stream().anyMatch(x -> x.signal(Signals.JVM_UPTIME) != null);
    }

    /**
     * The time until {@code signal} reaches its limit, extrapolated as this class allows: from the growth after warm-up
     * where the watch held it, null where the growth did not keep its pace after it (or no limit is reached).
     */
    static java.time.Duration timeToLimit(TimelineFacts f, String signal, double noise) {
        Growth whole = f.growth(signal, noise);
        if (whole.whole().samples() == 0) return null;
        WarmUp w = of(f, signal, whole, noise);
        return w.reason() != null ? null : w.growth(whole).whole().timeToLimit();
    }

    /** The growth to extrapolate: after warm-up where the watch held some, else the whole watch's. */
    Growth growth(Growth whole) { return needed && after != null ? after : whole; }
}
