// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import java.time.Instant;
import java.util.Map;

/**
 * One point of a timeline: when, whether it was a full capture (with smaps, so the ledger rows are known), the
 * signals ({@link Signals}) and, for full samples, the ledger rows in bytes by row id.
 */
public record Sample(Instant time, boolean full, Map<String, Double> signals, Map<String, Long> rows) {
    public Sample {
        signals = Map.copyOf(signals);
        rows = Map.copyOf(rows);
    }

    public Double signal(String name) { return signals.get(name); }
}
