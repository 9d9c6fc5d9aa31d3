// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One point of a timeline: when, whether it was a full capture (with smaps, so the ledger rows are known), the
 * signals ({@link Signals}: bytes for memory, counts for the rest, read typed through {@link #bytes} and
 * {@link #count}) and, for full samples, the ledger rows in bytes by row id.
 */
public record Sample(Instant time, boolean full, Map<String, Double> signals, Map<String, Long> rows) {
    public Sample {
        // Sorted, so that whatever walks them (the JSON timeline, the trends) walks them in the same order every run:
        // Map.copyOf's order changes from one JVM to the next.
        signals = Collections.unmodifiableSortedMap(new TreeMap<>(Map.copyOf(signals)));
        rows = Collections.unmodifiableSortedMap(new TreeMap<>(Map.copyOf(rows)));
    }

    /** A ledger row's resident bytes in a full sample; null in a cheap one. */
    public Long row(Row row) { return rows.get(row.id()); }

    /** A signal as a number, for trend arithmetic; null where its reading was missing. */
    public Double signal(Signal signal) { return signal(signal.name()); }

    /** A series' value by its name (a signal's, or a derived series'), for code that walks every name. */
    public Double signal(String name) { return signals.get(name); }

    /** A memory signal in bytes; null where its reading was missing. */
    public Bytes bytes(Signal.Memory signal) {
        Double v = signals.get(signal.name());
        return v == null ? null : Bytes.of(Math.round(v));
    }

    /** A count signal (threads, classes, collections, arenas, seconds); null where its reading was missing. */
    public Long count(Signal.Count signal) {
        Double v = signals.get(signal.name());
        return v == null ? null : Math.round(v);
    }
}
