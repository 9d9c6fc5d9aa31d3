// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.ContainerUsage;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;

/**
 * container-limit-risk from {@code docker stats}: a container whose memory usage (docker shows the working set:
 * usage minus inactive page cache) is at least {@link #WARN} of its limit; critical from {@link #CRITICAL}. A table of
 * several containers is judged row by row, the fullest named. {@code kubectl top pod} shows no limit: with
 * {@code kubectl describe pod}'s limit beside it, the cgroup rule judges it.
 */
public final class ContainerUsageRule implements Rule {
    static final double WARN = 0.85, CRITICAL = 0.95;

    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        ContainerUsage u = s.get(Readings.DOCKER_STATS).orNull();
        ContainerUsage top = s.get(Readings.KUBECTL_TOP).orNull();
        if (u == null || top != null && top.rows().stream().anyMatch(x -> x.limit() != null)) u = top; // kubectl's table with a LIMIT column
        if (u == null) return RuleResult.quiet();
        ContainerUsage.Row r = u.rows().stream().max(Comparator.comparingDouble(ContainerUsage.Row::share)).orElseThrow();
        if (r.share() < WARN) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), r.share() >= CRITICAL ? Severity.critical : Severity.warning,
                u.tool() + ": container " + r.name() + " uses " + r.usage().toIec() + " of its " + r.limit().toIec() + " limit (" + Evidence.pct(r.share()) + ")",
                Evidence.builder().value("container", r.name()).bytes("usage", r.usage()).bytes("memory_limit", r.limit()).ratio("usage_share_of_limit", r.share())
                        .value("containers", u.rows().size())
                        .value("ruled_out", "page cache the kernel can drop: docker's usage leaves the inactive page cache out").build(),
                List.of("Size the container for the whole footprint, not the heap: max heap + metaspace + code cache + threads x stack + direct buffers + native",
                        "See what the JVM's part is: jrss explain inside the container (the ledger splits its RSS)",
                        "Or raise the container's memory limit (docker run --memory)"),
                Confidence.medium));
    }
}
