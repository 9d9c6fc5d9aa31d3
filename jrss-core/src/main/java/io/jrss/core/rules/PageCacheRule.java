// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * page-cache-in-usage: the container's "usage" is mostly page cache, which the kernel reclaims under pressure;
 * dashboards that plot usage overstate the process (a reported Spring/Netty service: RSS 5% and page cache 80% of the limit).
 */
public final class PageCacheRule implements Rule {
    static final Bytes MIN_CACHE = Bytes.ofMiB(64);

    @Override public String id() { return Findings.PAGE_CACHE_IN_USAGE.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupMemory cg = s.get(Readings.CGROUP_MEMORY).orNull();
        if (cg == null) return notEvaluated("no cgroup memory controller readings");
        // A live target's cgroup without a limit is often the host's, which always has page cache; a memory.stat
        // someone pasted is the one they worry about.
        if (cg.limit() == null && !cg.pasted()) return RuleResult.quiet();
        Bytes cache = cg.pageCache();
        Bytes usage = cg.usageOrStat();
        if (usage == null || !usage.isPositive()) usage = cg.limit();
        if (usage == null) return notEvaluated("neither the cgroup's usage nor its limit is known");
        if (cg.stat().isEmpty()) return cg.usageOrStat() == null ? RuleResult.quiet() : byRss(s, cg, cg.usageOrStat());
        double share = cache.ratioOf(usage);
        if (cache.compareTo(MIN_CACHE) < 0 || share < 0.5) return RuleResult.quiet();
        Bytes shmem = cg.shmem(), reclaimable = cache.minus(shmem).atLeastZero();
        List<String> remedy = new java.util.ArrayList<>(List.of("Alert on the working set (usage minus inactive file) or on RSS, not on usage",
                "Page cache of files is reclaimed before the OOM killer acts; it is not a leak of this process"));
        if (shmem.compareTo(MIN_CACHE) >= 0) {
            remedy.add(0, shmem.toIec() + " of it is shared memory (tmpfs, memfd: ZGC's heap), which the kernel cannot drop: count it as the process's own");
        }
        return RuleResult.fired(new Finding(id(), Severity.info,
                "Page cache is " + cache.toIec() + ", " + Evidence.pct(share) + " of the container's memory " + (usage == cg.limit() ? "limit " : "usage ") + usage.toIec()
                        + (shmem.compareTo(MIN_CACHE) >= 0 ? "; " + shmem.toIec() + " of it is shared memory, " + reclaimable.toIec() + " reclaimable" : ""),
                Evidence.builder().bytes("page_cache", cache).bytes("shmem", shmem).bytes("reclaimable_cache", reclaimable).bytes("cgroup_usage", usage)
                        .ratio("cache_share_of_usage", share).bytes("rss", ledger.rssKnown() ? ledger.rss() : null).bytes("memory_limit", cg.limit()).build(),
                remedy, Confidence.high));
    }

    static final Bytes MIN_GAP = Bytes.ofMiB(256);

    /**
     * Without memory.stat (a kubectl top or docker stats beside a ps or top of the java process): the container's usage
     * far above the process's own RSS is what the container holds besides it, page cache first, or other processes.
     * Low confidence: which of the two, only memory.stat says.
     */
    private RuleResult byRss(Snapshot s, CgroupMemory cg, Bytes usage) {
        var status = s.get(Readings.STATUS).orNull();
        if (status == null || !status.vmRss().isPositive()) return RuleResult.quiet();
        Bytes rss = status.vmRss(), gap = usage.minus(rss);
        if (gap.compareTo(MIN_GAP) < 0 || gap.ratioOf(usage) < 0.4) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.info,
                "The container's memory usage " + usage.toIec() + " is " + gap.toIec() + " more than the java process's RSS " + rss.toIec()
                        + ": page cache (or other processes) counted in the usage",
                Evidence.builder().bytes("cgroup_usage", usage).bytes("rss", rss).bytes("usage_beyond_rss", gap).ratio("beyond_share_of_usage", gap.ratioOf(usage))
                        .bytes("memory_limit", cg.limit()).build(),
                List.of("See what the usage holds: cat /sys/fs/cgroup/memory.stat (file, anon, shmem) in the container",
                        "Alert on the working set (usage minus inactive file) or on RSS, not on usage: page cache is reclaimed before the OOM killer acts"),
                Confidence.low));
    }
}
