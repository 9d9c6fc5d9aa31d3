// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Message;
import io.jrss.core.catalogue.Messages;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.GcLog;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * container-limit-risk, from what a JVM printed about itself: its max heap is larger than the memory it runs in (the
 * machine's physical memory in an hs_err file's or a GC log's "Memory:" line, or its container's limit). The heap alone
 * cannot fit: before it fills, the kernel kills the process or a commit fails. Typical of a JDK that missed its
 * container (cgroup v2 on an old JDK) and sized the heap from the host, or of an -Xmx copied from a bigger machine.
 */
public final class HeapAboveMemoryRule implements Rule {
    @Override public String id() { return Findings.CONTAINER_LIMIT_RISK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Messages messages = s.get(Readings.MESSAGES).orNull();
        GcLog log = s.get(Readings.GC_LOG).orNull();
        Bytes maxHeap = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxHeapSize")).orElse(null);
        if (maxHeap == null && log != null) maxHeap = log.header().maxHeap();
        if (maxHeap == null && messages != null) maxHeap = first(messages, List.of("hotspot.vmerror.heap-address", "hotspot.args.max-heap"));
        if (maxHeap == null) return RuleResult.quiet();
        Bytes limit = s.get(Readings.CGROUP_MEMORY).value().map(c -> c.limit()).orElse(null);
        Bytes physical = log != null ? log.header().physicalMemory() : null;
        if (physical == null && messages != null) physical = first(messages, List.of("hotspot.os.memory-line"));
        Bytes memory = limit != null && (physical == null || limit.compareTo(physical) < 0) ? limit : physical;
        if (memory == null || !maxHeap.greaterThan(memory)) return RuleResult.quiet();
        String what = memory == limit ? "its container's memory limit" : "the machine's memory";
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The max heap " + maxHeap.toIec() + " is larger than " + what + " (" + memory.toIec() + "): before the heap fills, the process is killed or a commit fails",
                Evidence.builder().bytes("max_heap", maxHeap).bytes(memory == limit ? "memory_limit" : "physical_memory", memory)
                        .value("ruled_out", "a heap that never fills: the JVM takes what it needs up to the max, and the max does not fit").build(),
                List.of("Size the heap from the limit: -XX:MaxRAMPercentage=60..75 instead of a fixed -Xmx, and leave room for what is outside the heap",
                        "If the JVM sized it by itself, it missed its container: use a JDK that reads cgroup v2 (11.0.16+, 17+; 21.0.6+/25 on kernels without cgroup v1 controllers) or set -Xmx",
                        "Or give the process the memory its heap asks for"),
                Confidence.high));
    }

    private static Bytes first(Messages messages, List<String> ids) {
        for (String id : ids) {
            for (Messages.Found f : messages.of(id)) {
                Message m = f.message();
                for (String g : m.entry().groups()) {
                    if (g.toLowerCase(java.util.Locale.ROOT).contains("free") || g.startsWith("page")) continue;
                    Bytes b = m.bytes(g);
                    if (b != null) return b;
                }
            }
        }
        return null;
    }
}
