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
        if (olds.size() < MIN_FLOORS) return nothingIsGarbage(s, log, olds.size());
        GcLog.Collection first = olds.get(0), last = olds.get(olds.size() - 1);
        Bytes firstFloor = floor(first), lastFloor = floor(last), capacity = capacity(last);
        if (capacity == null || !capacity.isPositive()) return RuleResult.quiet();
        double share = lastFloor.ratioOf(capacity);
        boolean oome = s.get(Readings.MESSAGES).value().map(GcLogHeapLeakRule::heapOome).orElse(false);
        boolean full = share >= FULL && (oome || tailFull(olds, capacity));
        boolean rose = firstFloor.value() <= ROSE_FROM * lastFloor.value();
        if (!full || !rose) return nothingIsGarbage(s, log, olds.size());
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

    /** Collections a log shows before "nothing is garbage" is read from them; the share of the heap it then fills. */
    static final int MIN_COLLECTIONS = 5;
    static final double NEARLY_FULL = 0.80, FROM_AT_MOST = 0.50, RECLAIMED_AT_MOST = 0.25;

    /**
     * Too few old collections to judge their floors, but every collection the log shows reclaimed little of what it
     * collected (a median of at most a quarter: in a service making garbage a young collection frees most of its young
     * generation), what each left rose from half or less of the last to 80% of the heap (or of the old generation, where
     * the log prints it) or more. Everything allocated
     * was still reachable when collected, and it is filling the heap: a leak, or a cache or a queue still filling,
     * which the log cannot tell apart. Low confidence before {@value #MIN_FLOORS} old collections, and the finding says
     * what would tell (a class histogram, or the next old collections).
     */
    private RuleResult nothingIsGarbage(Snapshot s, GcLog log, int olds) {
        List<GcLog.Collection> all = log.collections().stream().filter(c -> c.heapBefore() != null && c.heapAfter() != null && c.heapCapacity() != null
                && c.heapBefore().isPositive() && c.heapCapacity().isPositive()).toList();
        int n = all.size();
        if (n < MIN_COLLECTIONS) return RuleResult.quiet();
        GcLog.Collection first = all.get(0), last = all.get(n - 1);
        Bytes capacity = log.header().maxHeap() != null ? log.header().maxHeap().max(last.heapCapacity()) : last.heapCapacity();
        double share = last.heapAfter().ratioOf(capacity);
        if (last.oldAfter() != null && last.oldCapacity() != null && last.oldCapacity().isPositive()) share = Math.max(share, last.oldAfter().ratioOf(last.oldCapacity()));
        double[] reclaimed = all.stream().mapToDouble(c -> 1 - c.heapAfter().ratioOf(c.heapBefore())).sorted().toArray();
        double median = reclaimed[n / 2];
        int rises = 0;
        for (int i = 1; i < n; i++) if (all.get(i).heapAfter().compareTo(all.get(i - 1).heapAfter()) >= 0) rises++;
        if (share < NEARLY_FULL || first.heapAfter().value() > FROM_AT_MOST * last.heapAfter().value() || median > RECLAIMED_AT_MOST
                || rises < 0.75 * (n - 1)) return RuleResult.quiet();
        boolean oome = s.get(Readings.MESSAGES).value().map(GcLogHeapLeakRule::heapOome).orElse(false);
        return RuleResult.fired(new Finding(id(), oome || share >= 0.95 ? Severity.critical : Severity.warning,
                "What each collection left rose from " + first.heapAfter().toIec() + " to " + last.heapAfter().toIec() + " of a " + capacity.toIec()
                        + " heap over " + n + " collections, each reclaiming a median of " + Math.round(median * 100) + "% of what it collected"
                        + (oome ? ", then the heap ran out (OutOfMemoryError)" : ""),
                Evidence.builder().bytes("heap_after_first_collection", first.heapAfter()).bytes("heap_after_last_collection", last.heapAfter())
                        .bytes("heap_capacity", capacity).ratio("share_full_after_last_collection", share).value("collections_in_log", n)
                        .ratio("median_share_reclaimed", median).value("old_collections_in_log", olds).value("heap_out_of_memory_error", oome)
                        .value("ruled_out", "garbage: the collections reclaimed a median of " + Math.round(median * 100) + "% of what they collected, so what"
                                + " was allocated was still reachable; a heap too small from the start: the first collection left " + first.heapAfter().toIec())
                        .value("not_yet_ruled_out", "a cache or queue still filling up to a bound grows the same way; " + olds + " old collection(s) are too"
                                + " few to show the live set stays (" + MIN_FLOORS + " tell): compare two class histograms minutes apart").build(),
                List.of("Compare two class histograms taken minutes apart: jcmd <pid> GC.class_histogram (each forces a full GC); what grows is the holder",
                        "Dump the live objects at the error next time: -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=<dir>, and read the dominator tree (Eclipse MAT)",
                        "If a cache or queue is filling by design, bound it, or raise -Xmx and the container limit together"),
                olds >= MIN_FLOORS ? Confidence.medium : Confidence.low));
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
