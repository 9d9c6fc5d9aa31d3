// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

/**
 * Whether a signal keeps growing: its trend over the whole watch, over the second half, and the growth the whole
 * slope amounts to over the span. A warm-up (classes loading, the heap first touched) rises and flattens, so its
 * second half is flat; a leak is still rising at the end.
 */
public record Growth(Trend whole, Trend recent, double delta) {
    public static Growth of(Series s, double noise, Double limit) {
        Trend whole = Trend.of(s, noise, limit);
        Trend recent = Trend.of(s.since(0.5), noise, limit);
        return new Growth(whole, recent, whole.slope().perSecond() * seconds(s.span()));
    }

    /** Rising over the whole watch, steadily or in steps, with 95% confidence. */
    public boolean rising() {
        return (whole.shape() == Shape.growing || whole.shape() == Shape.ratchet) && whole.slope().surelyRising();
    }

    /**
     * Rising over the whole watch by at least {@code minGrowth}, and still rising in its second half at a rate that
     * would add {@code minGrowth} over a span as long as the watch: a warm-up that flattened is not sustained.
     */
    public boolean sustained(double minGrowth) {
        double recentOverSpan = recent.slope().perSecond() * seconds(whole.span());
        return rising() && recent.slope().surelyRising() && delta >= minGrowth && recentOverSpan >= minGrowth;
    }

    /** The second half's rate must be at least this share of the whole watch's for growth to outlast start-up. */
    public static final double KEEPS_PACE = 0.5;

    /**
     * Sustained, and in the second half still rising at no less than half the rate of the whole watch. Start-up
     * (classes loading, pools filling, memory first touched) decays: it is fastest at the start and slows; a leak
     * keeps its pace. A leak that starts with the JVM is caught once the watch is long enough for start-up to be a
     * small part of it.
     */
    public boolean outlasts(double minGrowth) {
        return sustained(minGrowth) && recent.slope().perSecond() >= KEEPS_PACE * whole.slope().perSecond();
    }

    /** The second half's rate as a share of the whole watch's (1 for an even pace), for evidence. */
    public double pace() {
        double w = whole.slope().perSecond();
        return w <= 0 ? 0 : recent.slope().perSecond() / w;
    }

    /** A span in seconds, without toNanos' overflow past 292 years (a damaged log's uptime). */
    static double seconds(java.time.Duration d) { return d.getSeconds() + d.getNano() / 1e9; }
}
