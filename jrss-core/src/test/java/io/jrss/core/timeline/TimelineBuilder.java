// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.TimelineDiagnosis;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * Synthetic timelines with an injected clock: {@code n} samples {@code every} apart, each signal a function of the
 * sample index. For rule thresholds and shapes; real timelines are tested end to end in jrss-it.
 */
final class TimelineBuilder {
    static final double MIB = 1 << 20;
    private final int n;
    private final Duration every;
    private final Map<String, IntToDoubleFunction> signals = new LinkedHashMap<>();
    private final Map<String, Double> limits = new HashMap<>();
    private final Map<String, IntToDoubleFunction> rows = new LinkedHashMap<>();
    private java.util.function.IntPredicate full = i -> false;

    TimelineBuilder(int n, Duration every) { this.n = n; this.every = every; }

    TimelineBuilder signal(Signal signal, IntToDoubleFunction f) { return signal(signal.name(), f); }

    TimelineBuilder signal(String name, IntToDoubleFunction f) { signals.put(name, f); return this; }

    TimelineBuilder limit(Signal signal, double v) { return limit(signal.name(), v); }

    TimelineBuilder limit(String name, double v) { limits.put(name, v); return this; }

    /** Which samples are full; a full sample has the ledger rows given by {@link #row}. */
    TimelineBuilder full(java.util.function.IntPredicate which) { full = which; return this; }

    TimelineBuilder row(String id, IntToDoubleFunction f) { rows.put(id, f); return this; }

    Timeline build() {
        List<Sample> samples = new ArrayList<>();
        Instant t0 = Instant.parse("2026-11-21T12:00:00Z");
        for (int i = 0; i < n; i++) {
            Map<String, Double> v = new LinkedHashMap<>();
            for (var e : signals.entrySet()) {
                double x = e.getValue().applyAsDouble(i);
                if (!Double.isNaN(x)) v.put(e.getKey(), x);
            }
            Map<String, Long> r = new LinkedHashMap<>();
            if (full.test(i)) for (var e : rows.entrySet()) r.put(e.getKey(), (long) e.getValue().applyAsDouble(i));
            samples.add(new Sample(t0.plus(every.multipliedBy(i)), full.test(i), v, r));
        }
        return new Timeline(4242, every, samples, List.of(), limits);
    }

    TimelineDiagnosis diagnose() { return diagnose(new SnapshotBuilder().build()); }

    TimelineDiagnosis diagnose(io.jrss.core.snapshot.Snapshot last) { return TimelineDiagnosis.of(build(), Diagnosis.of(last)); }

    /** A deterministic wiggle in [-1, 1], so series are not perfectly straight. */
    static double wiggle(int i) { return Math.sin(i * 2.3) * Math.cos(i * 0.7); }
}
