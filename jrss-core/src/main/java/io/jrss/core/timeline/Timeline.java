// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.capture.Event;
import io.jrss.core.trend.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A JVM watched over time: its samples in time order, what happened meanwhile, and the limits of its signals
 * (from the last full sample). Immutable; a watch builds a new one as samples arrive.
 *
 * @param interval the requested sampling interval
 */
public record Timeline(int pid, Duration interval, List<Sample> samples, List<Event> events, Map<String, Double> limits) {
    public Timeline {
        samples = List.copyOf(samples);
        events = List.copyOf(events);
        limits = Map.copyOf(limits);
    }

    public boolean isEmpty() { return samples.isEmpty(); }

    public Duration span() {
        return samples.size() < 2 ? Duration.ZERO : Duration.between(samples.get(0).time(), samples.get(samples.size() - 1).time());
    }

    /**
     * A signal over the target's running time ({@link #running}); samples where it is missing are left out.
     */
    public Series series(Signal signal) { return series(signal.name()); }

    /** A series by its name, for code that walks every name. */
    public Series series(String signal) {
        Series.Builder b = new Series.Builder(signal);
        for (Sample s : samples) {
            Double v = s.signal(signal);
            if (v != null) b.add(running(s), v);
        }
        return b.build();
    }

    /** A ledger row over the full samples, over the target's running time. */
    public Series row(String id) {
        Series.Builder b = new Series.Builder(id);
        for (Sample s : samples) {
            Long v = s.full() ? s.rows().get(id) : null;
            if (v != null) b.add(running(s), v);
        }
        return b.build();
    }

    /** A sample's time less the seconds jrss's culprit readings held the target before it ({@link Signals#JRSS_PAUSED}). */
    static Instant running(Sample s) {
        Double paused = s.signal(Signals.JRSS_PAUSED);
        return paused == null ? s.time() : s.time().minusMillis(Math.round(paused * 1000));
    }

    public Double limit(Signal signal) { return limits.get(signal.name()); }

    public Double limit(String signal) { return limits.get(signal); }

    public long fullSamples() { return samples.stream().filter(Sample::full).count(); }
}
