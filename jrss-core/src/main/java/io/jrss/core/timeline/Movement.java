// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.model.Bytes;
import java.util.Map;

/**
 * Whether the footprint moved enough since the last full sample that the ledger must be taken again: RSS or another
 * footprint signal changed by more than a tenth (and by more than a floor, so small values do not flap). A watch
 * takes a full sample at such a moment, so a program that rises, holds and exits gets its ledger where it mattered,
 * not only at its first second. Signals that swing by design (heap occupancy between collections) and cumulative
 * counters do not count.
 */
public final class Movement {
    /** The share of its value by which a signal must move. */
    static final double SHARE = 0.10;
    /** The smallest move of a byte signal that counts, and of a count. */
    static final double MIN_BYTES = 16 << 20;

    /** The footprint signals, with the smallest move that counts for each (bytes, or units for counts). */
    static final Map<Signal, Double> FLOORS = Map.ofEntries(
            Map.entry(Signals.RSS, MIN_BYTES), Map.entry(Signals.RSS_ANON, MIN_BYTES), Map.entry(Signals.RSS_FILE, MIN_BYTES),
            Map.entry(Signals.RSS_SHMEM, MIN_BYTES), Map.entry(Signals.SWAP, MIN_BYTES), Map.entry(Signals.HEAP_COMMITTED, MIN_BYTES),
            Map.entry(Signals.METASPACE_COMMITTED, MIN_BYTES), Map.entry(Signals.THREAD_STACKS, MIN_BYTES),
            Map.entry(Signals.DIRECT_MEMORY, MIN_BYTES), Map.entry(Signals.NMT_COMMITTED, MIN_BYTES), Map.entry(Signals.NMT_MALLOC, MIN_BYTES),
            Map.entry(Signals.COMPILER_MEMORY, MIN_BYTES), Map.entry(Signals.CODE_CACHE_USED, 4.0 * (1 << 20)),
            Map.entry(Signals.GLIBC_IN_USE, MIN_BYTES), Map.entry(Signals.GLIBC_FREE, MIN_BYTES), Map.entry(Signals.NATIVE_UNTRACKED, MIN_BYTES),
            Map.entry(Signals.CGROUP_USAGE, MIN_BYTES), Map.entry(Signals.THREADS, 16.0), Map.entry(Signals.LOADED_CLASSES, 1000.0));

    private Movement() {}

    /**
     * What moved from {@code full} (the last full sample's signals) to {@code now}, as a few words for the record
     * ("rss +1.2 GiB"), or null when nothing moved enough.
     */
    public static String since(Map<String, Double> full, Map<String, Double> now) {
        Signal biggest = null;
        double most = 0;
        for (var e : FLOORS.entrySet()) {
            Double a = full.get(e.getKey().name()), b = now.get(e.getKey().name());
            if (a == null || b == null) continue;
            double d = Math.abs(b - a), share = d / Math.max(Math.abs(a), 1);
            if (d > e.getValue() && share > SHARE && share > most) { most = share; biggest = e.getKey(); }
        }
        if (biggest == null) return null;
        double d = now.get(biggest.name()) - full.get(biggest.name());
        String amount = biggest.unit() == Signal.Unit.bytes ? Bytes.of(Math.round(Math.abs(d))).toIec() : Long.toString(Math.round(Math.abs(d)));
        return biggest.name() + " " + (d >= 0 ? "+" : "-") + amount + " since the last full sample";
    }
}
