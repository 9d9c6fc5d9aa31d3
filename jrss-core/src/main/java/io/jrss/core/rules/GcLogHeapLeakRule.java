// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Messages;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * heap-leak, read after the fact from a GC log: what survived the old-generation collections rose until it filled the
 * old generation, and the JVM threw "Java heap space" (or "GC overhead limit exceeded") or collected back to back. A
 * floor that was high from the first collection is a heap too small for the work, not a leak, and is not raised here.
 * The more old collections the log shows, the surer the verdict.
 */
public final class GcLogHeapLeakRule implements Rule {
    static final int MIN_FLOORS = 3;
    static final double FULL = 0.90, ROSE_FROM = 0.60;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        GcLog log = s.get(Readings.GC_LOG).orNull();
        if (log == null) return RuleResult.quiet();
        List<GcLog.Collection> olds = log.collections().stream().filter(GcLog.Collection::old).toList();
        if (olds.size() < MIN_FLOORS) return RuleResult.quiet();
        GcLog.Collection first = olds.get(0), last = olds.get(olds.size() - 1);
        Bytes firstFloor = floor(first), lastFloor = floor(last), capacity = capacity(last);
        if (capacity == null || !capacity.isPositive()) return RuleResult.quiet();
        double share = lastFloor.ratioOf(capacity);
        boolean oome = s.get(Readings.MESSAGES).value().map(GcLogHeapLeakRule::heapOome).orElse(false);
        boolean full = share >= FULL && (oome || tailFull(olds, capacity));
        boolean rose = firstFloor.value() <= ROSE_FROM * lastFloor.value();
        if (!full || !rose) return RuleResult.quiet();
        int n = olds.size();
        Confidence c = n >= 8 ? Confidence.high : n >= 4 ? Confidence.medium : Confidence.low;
        return RuleResult.fired(new Finding(id(), Severity.critical,
                "What survived old-generation collections rose from " + firstFloor.toIec() + " to " + lastFloor.toIec() + " of " + capacity.toIec()
                        + " over " + n + " of them" + (oome ? ", then the heap ran out (OutOfMemoryError)" : ", and the JVM now collects back to back"),
                Evidence.builder().bytes("live_after_first_old_collection", firstFloor).bytes("live_after_last_old_collection", lastFloor)
                        .bytes("old_generation_capacity", capacity).ratio("live_share_of_capacity", share).value("old_collections_in_log", n)
                        .value("heap_out_of_memory_error", oome)
                        .value("ruled_out", "a heap too small from the start: after the first old collection only " + firstFloor.toIec()
                                + " survived, and it rose to " + lastFloor.toIec()).build(),
                List.of("Dump the live objects at the error next time: -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=<dir>, and read the dominator tree (Eclipse MAT)",
                        "Or compare two class histograms taken minutes apart: jcmd <pid> GC.class_histogram (each forces a full GC)",
                        "Bound what grows: caches without eviction, result sets and streams never closed, listeners never removed, static collections",
                        "If this live set is intended, raise -Xmx and the container limit together"),
                c));
    }

    static Bytes floor(GcLog.Collection c) { return c.oldAfter() != null ? c.oldAfter() : c.heapAfter(); }

    static Bytes capacity(GcLog.Collection c) { return c.oldCapacity() != null ? c.oldCapacity() : c.heapCapacity(); }

    /** The last old collections all left the old generation nearly full. */
    private static boolean tailFull(List<GcLog.Collection> olds, Bytes capacity) {
        for (int i = olds.size() - MIN_FLOORS; i < olds.size(); i++) if (floor(olds.get(i)).ratioOf(capacity) < 0.95) return false;
        return true;
    }

    /** A message in the paste says the Java heap ran out ("Java heap space", "GC overhead limit exceeded"). */
    static boolean heapOome(Messages m) {
        return m.all().stream().anyMatch(f -> Findings.HEAP_LEAK.id().equals(f.message().entry().finding()));
    }
}
