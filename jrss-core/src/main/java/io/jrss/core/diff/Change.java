// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Signals;

/**
 * One number on both sides: a ledger row or a signal. A side that has no value for it (a row a partial ledger could
 * not compute, a reading the input lacks) is null, never 0.
 *
 * @param bytes true for memory, false for counts (threads, classes, collections)
 */
public record Change(String name, Double before, Double after, boolean bytes) {
    /** Smaller moves than both of these are noise between two snapshots of the same process, not a change. */
    static final double MIN_BYTES = 1 << 20, MIN_SHARE = 0.01;

    public static Change ofBytes(String name, Bytes before, Bytes after) {
        return new Change(name, before == null ? null : (double) before.value(), after == null ? null : (double) after.value(), true);
    }

    public static Change ofSignal(String name, Double before, Double after) { return new Change(name, before, after, Signals.isBytes(name)); }

    /** After minus before, or null when a side lacks it. */
    public Double delta() { return before == null || after == null ? null : after - before; }

    /** The change as a share of before (0.25 for +25%), or null when it has none (a side missing, before 0). */
    public Double ratio() { return delta() == null || before == 0 ? null : delta() / before; }

    /**
     * True when the two sides differ enough to report: a side that is missing, any change in a count, or for memory
     * at least {@link #MIN_BYTES} and {@link #MIN_SHARE} of the larger side.
     */
    public boolean changed() {
        if (before == null || after == null) return before != null || after != null;
        double d = Math.abs(after - before);
        if (!bytes) return d > 0;
        return d >= MIN_BYTES && d >= MIN_SHARE * Math.max(Math.abs(before), Math.abs(after));
    }

    /** For sorting: how much moved, in bytes or units; a side missing sorts as the other side's whole value. */
    public double magnitude() {
        if (delta() != null) return Math.abs(delta());
        return Math.abs(before != null ? before : after != null ? after : 0);
    }
}
