// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.util.List;
import java.util.Map;

/**
 * The parts of a limit beside the heap: each ledger row at the footprint's peak, as measured (the collector's structures
 * scaled to the recommended heap), and the flags where a
 * peak asks for one: a metaspace or code cache near its cap gets room (1.5 × its peak), direct memory a cap of its own
 * (1.5 × its peak, 64 MiB at least; the JDK's default is the heap's size, which no limit budgets), and glibc's retained
 * memory, where it is large, fewer arenas and a periodic trim.
 */
final class NonHeap {
    static final Bytes GLIBC_WORTH = Bytes.ofMiB(64);

    private NonHeap() {}

    static void add(Timeline t, Ledger ledger, JvmFlags flags, Snapshot s, HeapBudget heap, List<SizeRow> rows, List<String> options, Map<String, String> env,
                    List<String> notes) {
        long threads = Sizer.peakLong(t, Signals.THREADS.name());
        for (Row row : Row.values()) {
            if (row == Row.JAVA_HEAP) continue;
            Bytes measured = ledger.bytes(row);
            if (!measured.isPositive()) continue;
            rows.add(switch (row) {
                case CLASS_METADATA -> capped(row, measured, t, Signals.METASPACE_COMMITTED.name(), flags, "MaxMetaspaceSize", options, "metaspace committed");
                case CODE_CACHE -> capped(row, measured, t, Signals.CODE_CACHE_USED.name(), flags, "ReservedCodeCacheSize", options, "code cache used");
                case THREAD_STACKS -> SizeRow.measured(row.id(), measured, "resident stacks at the peak, " + threads + " threads at most; more threads need more");
                case GC_STRUCTURES -> gcStructures(measured, heap);
                default -> SizeRow.measured(row.id(), measured, "resident at the footprint's peak");
            });
        }
        if (threads > 0) notes.add("assumes at most " + threads + " threads, as the watch saw: each more costs its resident stack");
        Bytes direct = Sizer.peakBytes(t, Signals.DIRECT_MEMORY.name()).max(ledger.bytes(Row.DIRECT_BUFFERS));
        Bytes cap = Sizer.roundUp(direct.times(1.5).max(Bytes.ofMiB(64)));
        options.add("-XX:MaxDirectMemorySize=" + cap.value() / (1 << 20) + "m");
        notes.add("direct memory peaked at " + direct.toIec() + "; MaxDirectMemorySize " + cap.toIec() + " makes more fail as 'Direct buffer memory'"
                + " in the JVM rather than a kill (its default is the heap's size)");
        Bytes free = ledger.bytes(Row.MALLOC_FREE);
        if (free.compareTo(GLIBC_WORTH) >= 0 && free.value() * 10 >= ledger.rss().value()
                && (s.mappedAllocator() == null || s.mappedAllocator() == io.jrss.core.model.Allocator.glibc)) { // another allocator has its own knobs
            env.put("MALLOC_ARENA_MAX", "2");
            options.add("-XX:TrimNativeHeapInterval=60000");
            notes.add("glibc kept " + free.toIec() + " freed but resident at the peak: MALLOC_ARENA_MAX=2 and a trim a minute (JDK 17.0.9+, 21.0.1+)"
                    + " return most of it; the limit still budgets it as measured, until a run under them shows less");
        }
    }

    /**
     * The collector's own structures serve the heap they cover (the card table and block offsets at 1/512 of it each,
     * G1's mark bitmap at 1/64, remembered sets by region): for a smaller heap than the watch saw committed, they are
     * scaled to the recommended heap.
     */
    private static SizeRow gcStructures(Bytes measured, HeapBudget heap) {
        if (!heap.committed().isPositive() || heap.budget().compareTo(heap.committed()) >= 0) return SizeRow.measured(Row.GC_STRUCTURES.id(), measured,
                "resident at the footprint's peak");
        double share = heap.budget().ratioOf(heap.committed());
        Bytes scaled = measured.times(share);
        return new SizeRow(Row.GC_STRUCTURES.id(), scaled, measured, "resident at the footprint's peak, for a heap that committed " + heap.committed().toIec(),
                scaled.minus(measured), "scaled to the recommended heap (" + Math.round(share * 100) + "% of it): the structures cover the heap");
    }

    /** A row with a JVM cap: as measured, and when its signal's peak is at 80% of the cap or more, the cap raised to 1.5 × the peak. */
    private static SizeRow capped(Row row, Bytes measured, Timeline t, String signal, JvmFlags flags, String flag, List<String> options, String what) {
        Bytes peak = Sizer.peakBytes(t, signal);
        Double limit = t.limit(signal);
        if (limit != null && peak.isPositive() && peak.value() >= 0.8 * limit) {
            Bytes cap = Sizer.roundUp(peak.times(1.5));
            options.add("-XX:" + flag + "=" + cap.value() / (1 << 20) + "m");
            Bytes budget = cap.max(measured);
            return new SizeRow(row.id(), budget, measured, what + " peaked at " + peak.toIec() + " of its " + Bytes.of(Math.round(limit)).toIec() + " cap",
                    budget.minus(measured), "the cap raised to 1.5 × the peak, which the JVM may fill");
        }
        return SizeRow.measured(row.id(), measured, "resident at the footprint's peak" + (peak.isPositive() ? "; " + what + " peaked at " + peak.toIec() : ""));
    }
}
