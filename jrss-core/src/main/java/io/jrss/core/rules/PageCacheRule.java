// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.Snapshot;
import java.util.List;

/**
 * page-cache-in-usage: the container's "usage" is mostly page cache, which the kernel reclaims under pressure;
 * dashboards that plot usage overstate the process (seed 002: RSS 5% vs page cache 80% of the limit).
 */
public final class PageCacheRule implements Rule {
    static final Bytes MIN_CACHE = Bytes.ofMiB(64);

    @Override public String id() { return "page-cache-in-usage"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupMemory cg = s.cgroupMemory().orNull();
        if (cg == null) return notEvaluated("no cgroup memory controller readings");
        // Without a limit nobody plots usage against one, and a host cgroup always has page cache.
        if (cg.limit() == null) return RuleResult.quiet();
        Bytes cache = cg.pageCache();
        Bytes usage = cg.usage();
        boolean ofLimit = usage == null || !usage.isPositive(); // a memory.stat without memory.usage_in_bytes
        if (ofLimit) usage = cg.limit();
        double share = cache.ratioOf(usage);
        if (cache.compareTo(MIN_CACHE) < 0 || share < 0.5) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.info,
                "Page cache is " + cache.toIec() + ", " + Evidence.pct(share) + " of the container's memory " + (ofLimit ? "limit " : "usage ") + usage.toIec(),
                new Evidence().bytes("page_cache", cache).bytes("cgroup_usage", usage).ratio("cache_share_of_usage", share)
                        .bytes("rss", ledger.rss()).bytes("memory_limit", cg.limit()).build(),
                List.of("Alert on the working set (usage minus inactive file) or on RSS, not on usage",
                        "Page cache is reclaimed before the OOM killer acts; it is not a leak of this process"),
                "high"));
    }
}
