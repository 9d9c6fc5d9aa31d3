// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.JmapHeap;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * heap-leak from {@code jmap -heap}: its old generation used to {@value #FULL} of its capacity or more. One output is
 * one moment: the old generation fills between its collections, so alone that is information; with the heap's
 * OutOfMemoryError in the same paste, the live set filled the heap (critical, medium confidence: a leak or a heap too
 * small, which a heap dump tells).
 */
public final class JmapHeapRule implements Rule {
    static final double FULL = 0.95;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        JmapHeap j = s.get(Readings.JMAP_HEAP).orNull();
        JmapHeap.Space old = j == null ? null : j.old();
        if (old == null || old.share() < FULL) return RuleResult.quiet();
        boolean oome = s.get(Readings.MESSAGES).value().map(GcLogHeapLeakRule::heapOome).orElse(false);
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), oome ? Severity.critical : Severity.info,
                "The " + old.name() + " is " + Evidence.pct(old.share()) + " full (" + old.used().toIec() + " of " + old.capacity().toIec() + ") in jmap -heap"
                        + (oome ? ", and the JVM threw OutOfMemoryError: its live set fills the heap"
                                : ": one moment cannot tell a leak from an old generation its next collection empties"),
                Evidence.builder().value("space", old.name()).bytes("old_used", old.used()).bytes("old_capacity", old.capacity()).ratio("old_share", old.share())
                        .bytes("max_heap", j.maxHeap())
                        .value("gc", j.gc()).value("heap_out_of_memory_error", oome).build(),
                List.of(oome ? "Dump the live objects at the error next time: -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=<dir>, and read the dominator tree (Eclipse MAT)"
                                : "Tell a leak from a full old generation: jstat -gc -t " + pid + " 10s for some minutes (what it keeps after FGC rises), or a GC log",
                        "See what fills it: jcmd " + pid + " GC.class_histogram twice, minutes apart",
                        "If the live set is simply larger than the heap: raise -Xmx within the container's limit"),
                oome ? Confidence.medium : Confidence.low));
    }
}
