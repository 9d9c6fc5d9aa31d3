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

    /** The running minimum over the last {@code window} samples: the floor a sawtooth (GC cycles) rests on. */
    public Series floor(int window) {
        Builder b = new Builder(name + ".floor");
        for (int i = 0; i < size(); i++) {
            double min = Double.MAX_VALUE;
            for (int j = Math.max(0, i - window + 1); j <= i; j++) min = Math.min(min, values.get(j));
            b.add(times.get(i), min);
        }
        return b.build();
    }

    /** The samples after the first {@code fraction} of the time span (0.5: the second half). */
    public Series since(double fraction) {
        if (size() < 2) return this;
        Instant from = times.get(0).plusMillis((long) (span().toMillis() * fraction)); // millis: a damaged log's span of centuries overflows nanos
        Builder b = new Builder(name);
        for (int i = 0; i < size(); i++) if (!times.get(i).isBefore(from)) b.add(times.get(i), values.get(i));
        return b.build();
    }

    /** At most {@code max} samples, each the mean of consecutive ones: keeps the O(n²) slope bounded on long watches. */
    public Series thinned(int max) {
        if (size() <= max) return this;
        Builder b = new Builder(name);
        double per = size() / (double) max;
        for (int k = 0; k < max; k++) {
            int from = (int) Math.floor(k * per), to = (int) Math.min(size(), Math.floor((k + 1) * per));
            double sum = 0;
            for (int i = from; i < to; i++) sum += values.get(i);
            b.add(times.get((from + to - 1) / 2), sum / (to - from));
        }
        return b.build();
    }

    /** Seconds since the first sample, for each sample. */
    double[] seconds() {
        double[] t = new double[size()];
        for (int i = 0; i < t.length; i++) { // seconds and nanos apart: a damaged uptime of centuries must not overflow toNanos
            Duration d = Duration.between(times.get(0), times.get(i));
            t[i] = d.getSeconds() + d.getNano() / 1e9;
        }
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
