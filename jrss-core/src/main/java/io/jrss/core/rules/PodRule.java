// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Pod;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * container-limit-risk from {@code kubectl describe pod}: the kubelet reports a container {@code OOMKilled} (the
 * kernel's OOM killer ended it at its memory cgroup's limit, exit code 137). Exit code 137 alone is a SIGKILL: the
 * OOM killer taking a process other than the container's first, or the kubelet after failed liveness probes; that
 * is a warning with low confidence. The limit is the container's {@code Limits: memory}.
 */
public final class PodRule implements Rule {
    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Pod pod = s.get(Readings.POD).orNull();
        Pod.Container c = pod == null ? null : pod.victim();
        if (c == null || !c.oomKilled() && !c.sigkilled()) return RuleResult.quiet();
        String name = c.name() == null ? "the container" : "container " + c.name();
        String limit = c.limit() == null ? " (its memory limit is not in the paste)" : " at its memory limit " + c.limit().toIec();
        boolean last = c.lastReason() != null && c.oomKilled() && !"OOMKilled".equals(c.reason()) || c.lastExitCode() != null && !c.oomKilled();
        String title = c.oomKilled()
                ? "Kubernetes reports " + name + " OOMKilled (exit code 137): the kernel killed it" + limit
                  + (c.restarts() != null && c.restarts() > 0 ? "; restarted " + c.restarts() + " times" : "")
                : name.substring(0, 1).toUpperCase() + name.substring(1) + " ended with exit code 137 (SIGKILL) but no OOMKilled reason: an OOM kill inside it or the kubelet after failed liveness probes";
        return RuleResult.fired(new Finding(id(), c.oomKilled() ? Severity.critical : Severity.warning, title,
                Evidence.builder().value("container", c.name()).value("reason", c.oomKilled() ? "OOMKilled" : last ? c.lastReason() : c.reason())
                        .value("exit_code", 137).value("in_last_state", last || "OOMKilled".equals(c.lastReason()))
                        .value("restart_count", c.restarts()).bytes("memory_limit", c.limit()).bytes("memory_request", c.request())
                        .value("ruled_out", c.oomKilled() ? "a Java OutOfMemoryError: the JVM did not exit by itself, the kernel killed it (SIGKILL, 128 + 9)"
                                : null).build(),
                List.of("Size the container for the whole footprint, not the heap: max heap + metaspace + code cache + threads x stack + direct buffers + native"
                                + (c.limit() == null ? "" : " within " + c.limit().toIec()),
                        "Let the JVM size the heap from the limit: -XX:MaxRAMPercentage=60..75 instead of an -Xmx near the limit",
                        c.oomKilled() ? "Find what grew before the kill: run it under jrss run (or jrss watch --record) to keep the ledger over time"
                                : "Tell the two apart: kubectl get events (Unhealthy/Killing for a probe) and the node's kernel log (oom-kill) at the time"),
                c.oomKilled() ? Confidence.high : Confidence.low));
    }
}
