// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.RowIds;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.Snapshot;
import java.util.List;

/**
 * container-limit-risk: the footprint is near the cgroup memory limit, or the max heap plus what the process uses
 * besides the heap does not fit in it (seed 000: killed at 6 GB with a 2.5 GB heap).
 */
public final class ContainerLimitRule implements Rule {
    static final double WARN = 0.85, CRITICAL = 0.95;

    @Override public String id() { return "container-limit-risk"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupMemory cg = s.cgroupMemory().orNull();
        if (cg == null) return notEvaluated("no cgroup memory controller readings");
        if (cg.limit() == null) return RuleResult.quiet();
        Bytes limit = cg.limit();
        Bytes rss = ledger.rss();
        Bytes nonHeap = rss.minus(ledger.bytes(RowIds.JAVA_HEAP));
        Bytes maxHeap = s.flags().value().flatMap(f -> f.bytes("MaxHeapSize")).orElse(null);
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
                new Evidence().bytes("memory_limit", limit).bytes("rss", rss).ratio("rss_share_of_limit", rssShare)
                        .bytes("cgroup_usage", cg.usage()).bytes("max_heap", maxHeap).bytes("non_heap_resident", nonHeap)
                        .bytes("max_heap_plus_non_heap", needed).value("cgroup", cg.path())
                        .value("ruled_out", rssShare >= WARN ? "page cache in the cgroup's usage: the process's own RSS is " + Evidence.pct(rssShare) + " of the limit"
                                : "a heap that never fills: the max heap is what the JVM may take, and the rest is already resident").build(),
                List.of("Size the heap for the container: -XX:MaxRAMPercentage so that max heap + " + nonHeap.toIec() + " stays below "
                                + limit.toIec() + " with headroom",
                        "Shrink what is outside the heap: see the largest non-heap rows of the ledger above",
                        "Or raise the container's memory limit"),
                "high"));
    }
}
