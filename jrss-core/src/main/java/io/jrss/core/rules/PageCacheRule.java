// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * page-cache-in-usage: the container's "usage" is mostly page cache, which the kernel reclaims under pressure;
 * dashboards that plot usage overstate the process (a reported Spring/Netty service: RSS 5% and page cache 80% of the limit).
 */
public final class PageCacheRule implements Rule {
    static final Bytes MIN_CACHE = Bytes.ofMiB(64);

    @Override public String id() { return "page-cache-in-usage"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupMemory cg = s.cgroupMemory().orNull();
        if (cg == null) return notEvaluated("no cgroup memory controller readings");
        // A live target's cgroup without a limit is often the host's, which always has page cache; a memory.stat
        // someone pasted is the one they worry about.
        if (cg.limit() == null && !cg.pasted()) return RuleResult.quiet();
        Bytes cache = cg.pageCache();
        Bytes usage = cg.usageOrStat();
        if (usage == null || !usage.isPositive()) usage = cg.limit();
        if (usage == null) return notEvaluated("neither the cgroup's usage nor its limit is known");
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
                new Evidence().bytes("page_cache", cache).bytes("shmem", shmem).bytes("reclaimable_cache", reclaimable).bytes("cgroup_usage", usage)
                        .ratio("cache_share_of_usage", share).bytes("rss", ledger.rssKnown() ? ledger.rss() : null).bytes("memory_limit", cg.limit()).build(),
                remedy, Confidence.high));
    }
}
