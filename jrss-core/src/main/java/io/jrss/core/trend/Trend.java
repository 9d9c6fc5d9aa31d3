// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

import java.time.Duration;

/**
 * What a series did: its robust slope with the 95% interval, its shape, and when it would reach its limit at that
 * slope. Built by {@link #of}; pure.
 *
 * @param timeToLimit time until {@code limit} at the current slope, or null when there is no limit or no rise
 */
public record Trend(String name, int samples, Duration span, double last, Slope slope, Shape shape, Double limit,
                    Duration timeToLimit) {
    /** A drop bigger than this share of the series' range counts as "falling back" (a sawtooth tooth). */
    static final double BIG_DROP = 0.3;
    /** In a ratchet, the largest fifth of the rises carries at least this share of the total rise. */
    static final double STEPPY = 0.8;
    /** Longer series are thinned to this many means first: the slope is O(n²). */
    static final int MAX_POINTS = 400;

    /**
     * @param noise the smallest change that means something for this signal (e.g. 1 MiB for bytes, 1 for a count)
     * @param limit the value the signal must not reach (container limit, MaxDirectMemorySize), or null
     */
    public static Trend of(Series series, double noise, Double limit) {
        Series s = series.thinned(MAX_POINTS);
        double[] t = s.seconds(), v = s.array();
        Slope slope = Slope.of(t, v);
        Shape shape = shape(v, slope, t.length == 0 ? 0 : t[t.length - 1], noise);
        Duration ttl = null;
        if (limit != null && slope.perSecond() > 0 && shape != Shape.stable && s.size() > 0) {
            double seconds = Math.max(0, (limit - series.last()) / slope.perSecond());
            ttl = Duration.ofSeconds((long) Math.min(seconds, Duration.ofDays(3650).toSeconds()));
        }
        return new Trend(series.name(), series.size(), series.span(), series.size() == 0 ? 0 : series.last(), slope, shape, limit, ttl);
    }

    static Shape shape(double[] v, Slope slope, double spanSeconds, double noise) {
        if (v.length < 3) return Shape.stable;
        double min = Double.MAX_VALUE, max = -Double.MAX_VALUE;
        for (double x : v) { min = Math.min(min, x); max = Math.max(max, x); }
        double range = max - min;
        if (range <= noise) return Shape.stable;
        int bigDrops = 0;
        double[] rises = new double[v.length - 1];
        int r = 0;
        for (int i = 1; i < v.length; i++) {
            double d = v[i] - v[i - 1];
            if (d < -Math.max(BIG_DROP * range, noise)) bigDrops++;
            if (d > 0) rises[r++] = d;
        }
        if (bigDrops >= 2) return Shape.sawtooth;
        boolean rising = slope.surelyRising() && slope.perSecond() * spanSeconds > noise;
        boolean falling = slope.surelyFalling() && -slope.perSecond() * spanSeconds > noise;
        if (falling) return Shape.shrinking;
        if (!rising) return Shape.stable;
        return bigDrops == 0 && steppy(rises, r, v.length - 1) ? Shape.ratchet : Shape.growing;
    }

    /** True when the largest rises of a fifth of the intervals (at least one) carry most of the total rise: steps, not a ramp. */
    private static boolean steppy(double[] rises, int count, int intervals) {
        if (count < 2 || intervals < 5) return false;
        double[] sorted = java.util.Arrays.copyOf(rises, count);
        java.util.Arrays.sort(sorted);
        double total = 0, top = 0;
        int topCount = Math.min(count, Math.max(1, intervals / 5));
        for (int i = 0; i < count; i++) {
            total += sorted[i];
            if (i >= count - topCount) top += sorted[i];
        }
        return total > 0 && top / total >= STEPPY;
    }
}
