// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * container-limit-risk: the footprint is near the cgroup memory limit, or the max heap plus what the process uses
 * besides the heap does not fit in it (a reported service was killed at 6 GB with a 2.5 GB heap).
 */
public final class ContainerLimitRule implements Rule {
    static final double WARN = 0.85, CRITICAL = 0.95;

    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupMemory cg = s.get(Readings.CGROUP_MEMORY).orNull();
        if (cg == null) return notEvaluated("no cgroup memory controller readings");
        if (cg.limit() == null) return RuleResult.quiet();
        Bytes limit = cg.limit();
        if (!ledger.rssKnown()) return byWorkingSet(s, cg);
        Bytes rss = ledger.rss();
        Bytes nonHeap = rss.minus(ledger.bytes(Row.JAVA_HEAP));
        Bytes maxHeap = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxHeapSize")).orElse(null);
        Bytes needed = maxHeap == null ? null : maxHeap.plus(nonHeap);
        double rssShare = rss.ratioOf(limit);
        boolean overcommitted = needed != null && needed.greaterThan(limit);
        if (rssShare < WARN && !overcommitted) return RuleResult.quiet();
        Severity sev = rssShare >= CRITICAL ? Severity.critical : Severity.warning;
        String title = rssShare >= WARN
                ? "RSS " + rss.toIec() + " is " + Evidence.pct(rssShare) + " of the container limit " + limit.toIec()
                : "Max heap " + maxHeap.toIec() + " plus " + nonHeap.toIec() + " outside the heap needs " + needed.toIec()
                  + ", more than the container limit " + limit.toIec();
        return RuleResult.fired(new Finding(id(), sev, title,
                Evidence.builder().bytes("memory_limit", limit).bytes("rss", rss).ratio("rss_share_of_limit", rssShare)
                        .bytes("cgroup_usage", cg.usage()).bytes("max_heap", maxHeap).bytes("non_heap_resident", nonHeap)
                        .bytes("max_heap_plus_non_heap", needed).value("cgroup", cg.path())
                        .value("ruled_out", rssShare >= WARN ? "page cache in the cgroup's usage: the process's own RSS is " + Evidence.pct(rssShare) + " of the limit"
                                : "a heap that never fills: the max heap is what the JVM may take, and the rest is already resident").build(),
                List.of("Size the heap for the container: -XX:MaxRAMPercentage so that max heap + " + nonHeap.toIec() + " stays below "
                                + limit.toIec() + " with headroom",
                        "Shrink what is outside the heap: see the largest non-heap rows of the ledger above",
                        "Or raise the container's memory limit"),
                Confidence.high));
    }

    /**
     * Without the process's RSS (a pasted memory.stat): the cgroup's working set, usage minus the inactive page
     * cache, which is what the kubelet compares with the limit and what the OOM killer cannot reclaim.
     */
    private RuleResult byWorkingSet(Snapshot s, CgroupMemory cg) {
        Bytes ws = cg.workingSet();
        if (ws == null) return notEvaluated("neither the process's RSS nor the cgroup's usage is known");
        double share = ws.ratioOf(cg.limit());
        if (share < WARN) return RuleResult.quiet();
        Bytes shmem = cg.shmem();
        return RuleResult.fired(new Finding(id(), share >= CRITICAL ? Severity.critical : Severity.warning,
                "The container's working set " + ws.toIec() + " is " + Evidence.pct(share) + " of its limit " + cg.limit().toIec(),
                Evidence.builder().bytes("working_set", ws).bytes("memory_limit", cg.limit()).ratio("working_set_share_of_limit", share)
                        .bytes("cgroup_usage", cg.usageOrStat()).bytes("page_cache", cg.pageCache()).bytes("shmem", shmem)
                        .bytes("inactive_file", cg.stat(cg.stat().containsKey("total_inactive_file") ? "total_inactive_file" : "inactive_file"))
                        .value("ruled_out", "page cache the kernel can drop: the inactive file cache is left out of the working set").build(),
                List.of("Size the container for the whole footprint, not the heap: max heap + metaspace + code cache + threads x stack + direct buffers + native",
                        shmem.isPositive() ? "Count shared memory (" + shmem.toIec() + ": ZGC's heap, tmpfs) as the process's own: it is cache the kernel cannot drop"
                                : "Find what the working set holds: run jrss explain on the JVM for its ledger",
                        "Or raise the container's memory limit"),
                Confidence.medium));
    }
}
