// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

import java.util.Arrays;

/**
 * The Theil–Sen slope: the median of the slopes between all pairs of samples, with Sen's 95% confidence interval
 * from the rank distribution of those slopes. Robust: a GC cycle or a stray sample moves it little, where a
 * least-squares fit would follow it. O(n²) pairs: a one-hour timeline at 10 s is 360 samples, 65k pairs.
 *
 * @param perSecond the slope in the signal's unit per second
 * @param low       lower bound of the 95% interval
 * @param high      upper bound of the 95% interval
 */
public record Slope(double perSecond, double low, double high) {
    private static final double Z95 = 1.96;

    static Slope of(double[] t, double[] v) {
        int n = v.length;
        if (n < 3) return new Slope(0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (t[j] > t[i]) slopes[k++] = (v[j] - v[i]) / (t[j] - t[i]);
            }
        }
        if (k == 0) return new Slope(0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY); // every sample at one time: no slope to tell
        double[] s = Arrays.copyOf(slopes, k);
        Arrays.sort(s);
        double median = k % 2 == 1 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
        // Sen (1968): C = z * sqrt(n(n-1)(2n+5)/18); the interval runs between ranks (N-C)/2 and (N+C)/2.
        double c = Z95 * Math.sqrt(n * (n - 1.0) * (2 * n + 5) / 18.0);
        int lo = (int) Math.floor((k - c) / 2), hi = (int) Math.ceil((k + c) / 2);
        return new Slope(median, lo < 0 ? Double.NEGATIVE_INFINITY : s[lo], hi >= k ? Double.POSITIVE_INFINITY : s[hi]);
    }

    public double perHour() { return perSecond * 3600; }

    /** True when the whole 95% interval is above zero. */
    public boolean surelyRising() { return low > 0; }

    /** True when the whole 95% interval is below zero. */
    public boolean surelyFalling() { return high < 0; }
}
