// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One signal over time (a ledger row, RSS, live heap after GC, thread count, ...), in sample order. Values are
 * doubles in the signal's own unit (bytes for memory, a count for threads); the series does not convert.
 */
public record Series(String name, List<Instant> times, List<Double> values) {
    public Series {
        if (times.size() != values.size()) throw new IllegalArgumentException("times and values differ in length");
        times = List.copyOf(times);
        values = List.copyOf(values);
    }

    public int size() { return values.size(); }

    public Duration span() { return size() < 2 ? Duration.ZERO : Duration.between(times.get(0), times.get(size() - 1)); }

    public double last() { return values.get(size() - 1); }

    /** Seconds since the first sample, for each sample. */
    double[] seconds() {
        double[] t = new double[size()];
        for (int i = 0; i < t.length; i++) t[i] = Duration.between(times.get(0), times.get(i)).toNanos() / 1e9;
        return t;
    }

    double[] array() { return values.stream().mapToDouble(Double::doubleValue).toArray(); }

    /** Builds a series sample by sample. */
    public static final class Builder {
        private final String name;
        private final List<Instant> times = new ArrayList<>();
        private final List<Double> values = new ArrayList<>();

        public Builder(String name) { this.name = name; }

        public Builder add(Instant t, double v) { times.add(t); values.add(v); return this; }

        public Series build() { return new Series(name, times, values); }
    }
}
