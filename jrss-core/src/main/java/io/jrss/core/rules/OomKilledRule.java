// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * container-limit-risk, realised: the kernel's OOM killer ended the JVM at its memory cgroup's limit (the kernel
 * log's report). What the cgroup held when it happened, and who asked for the last page, say where to look.
 */
public final class OomKilledRule implements Rule {
    @Override public String id() { return "container-limit-risk"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.postMortem().orNull();
        if (p == null || !p.cause().equals("oom-kill")) return RuleResult.quiet();
        CgroupMemory cg = s.cgroupMemory().orNull();
        Evidence e = new Evidence().value("report", p.message()).value("constraint", p.location());
        if (cg != null) e.bytes("limit", cg.limit()).bytes("usage", cg.usage()).bytes("page_cache", cg.pageCache()).bytes("anon", cg.stat(cg.version() == 2 ? "anon" : "rss"));
        s.status().value().ifPresent(st -> e.bytes("killed_rss", st.vmRss()));
        return RuleResult.fired(new Finding(id(), Severity.critical,
                "The kernel killed the process at its memory limit: " + p.message() + (cg != null && cg.limit() != null ? " (limit " + cg.limit().toIec() + ")" : ""),
                e.build(),
                List.of("Size the container for the whole footprint, not the heap: max heap + metaspace + code cache + threads x stack + direct buffers + native",
                        "Let the JVM size the heap from the limit: -XX:MaxRAMPercentage=60..75 (and a JDK that reads cgroup v2: 11.0.16+, 17+)",
                        "Find what grew before the kill: run it under jrss run (or jrss watch --record) to keep the ledger over time"),
                Confidence.high));
    }
}
