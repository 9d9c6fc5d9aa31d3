// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.JvmMemoryPools;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * A pool at its max in Arthas' memory view: the old generation (or the whole heap) used to {@link #FULL} of its max
 * is heap-leak's evidence: what the heap keeps fills it, a leak or a heap too small for the live set (one view
 * cannot tell; low confidence). Eden and survivor spaces fill and empty all the time and say nothing.
 */
public final class MemoryPoolsRule implements Rule {
    static final double FULL = 0.95;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        JvmMemoryPools p = s.get(Readings.JVM_MEMORY_POOLS).orNull();
        if (p == null) return RuleResult.quiet();
        JvmMemoryPools.Pool old = p.pools().stream().filter(x -> x.name().matches(".*(old_gen|tenured_gen|old_space|old)$")).findFirst().orElse(p.pool("heap"));
        if (old == null || old.share() < FULL) return RuleResult.quiet();
        JvmMemoryPools.Pool heap = p.pool("heap");
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The " + old.name() + " pool is at its max: " + old.used().toIec() + " used of " + old.max().toIec() + " (" + Evidence.pct(old.share()) + ")",
                Evidence.builder().value("pool", old.name()).bytes("used", old.used()).bytes("committed", old.committed()).bytes("max", old.max())
                        .ratio("used_share_of_max", old.share()).bytes("heap_used", heap == null ? null : heap.used()).bytes("heap_max", heap == null ? null : heap.max())
                        .value("ruled_out", "young objects: eden and survivor spaces fill and empty all the time and are not counted").build(),
                List.of("Tell a leak from a heap too small for its live set: the old generation after full collections over time (jrss watch " + s.pidText() + ", or a GC log)",
                        "See what fills it: a class histogram of live objects (jcmd " + s.pidText() + " GC.class_histogram), twice some minutes apart, or a heap dump in MAT",
                        "If the live set is simply larger than the heap: raise -Xmx (or -XX:MaxRAMPercentage) within the container's limit"),
                Confidence.low));
    }
}
