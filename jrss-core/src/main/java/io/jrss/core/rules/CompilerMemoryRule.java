// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CompilerMemory;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * compiler-memory-spike from Compiler.memory: one compilation took far more arena memory than compilations take.
 * Most need a few MiB and the largest methods of a big application some tens (a Spring service's costliest: 29
 * MiB); 100 MiB for one method is a compilation ballooning, 1 GiB is the kind that crosses a container limit.
 */
public final class CompilerMemoryRule implements Rule {
    static final Bytes LARGE = Bytes.ofMiB(100), HUGE = Bytes.ofGiB(1);

    @Override public String id() { return Findings.COMPILER_MEMORY_SPIKE.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CompilerMemory cm = s.get(Readings.COMPILER_MEMORY).orNull();
        if (cm == null) return fromNmtPeak(s);
        var top = cm.costliest().orElse(null);
        if (top == null || top.total().compareTo(LARGE) < 0) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), top.total().compareTo(HUGE) >= 0 ? Severity.warning : Severity.info,
                "One " + (top.type().isEmpty() ? "" : top.type().toUpperCase(java.util.Locale.ROOT) + " ") + "compilation took " + top.total().toIec()
                        + " of arena memory: " + top.method(),
                Evidence.builder().bytes("costliest_compilation", top.total()).value("method", top.method()).value("compiler", top.type())
                        .value("compilations_listed", cm.compilations().size())
                        .value("ruled_out", "ordinary compilations, which take a few MiB (tens for the largest methods): this one took " + top.total().toIec()).build(),
                List.of("Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+; the compilation stops, the JVM goes on)",
                        "Keep the method out of C2 if it keeps costing this much: -XX:CompileCommand=exclude," + top.method().replaceAll("\\(.*$", "").replace('/', '.'),
                        "Leave headroom for compilation peaks in the container limit; watch NMT's Compiler and Arena Chunk: jrss watch " + pid),
                Confidence.medium));
    }

    /**
     * Without Compiler.memory: NMT's figure for the compilers' arenas, the peak since the JVM started (JDK 17+) or what
     * they hold now (an NMT summary a reproducer printed at its worst), 128 MiB or more. It is a warning from 1 GiB, or
     * when the arenas are {@value #DOMINANT} or more of all NMT committed: then compilation is what the process is made of.
     */
    static final Bytes NMT_PEAK = Bytes.ofMiB(128);
    static final double DOMINANT = 0.4;

    private RuleResult fromNmtPeak(Snapshot s) {
        var nmt = s.get(Readings.NMT).orNull();
        if (nmt == null) return RuleResult.quiet();
        Bytes peak = nmt.compilerPeak(), now = nmt.compilerMemory();
        Bytes most = peak == null ? now : peak.max(now);
        if (most.compareTo(NMT_PEAK) < 0) return RuleResult.quiet();
        double share = nmt.totalCommitted() == null ? 0 : now.ratioOf(nmt.totalCommitted());
        String pid = s.pidText();
        boolean atPeak = peak != null && peak.compareTo(now) > 0;
        return RuleResult.fired(new Finding(id(), most.compareTo(HUGE) >= 0 || share >= DOMINANT ? Severity.warning : Severity.info,
                "The JIT compilers' arenas " + (atPeak ? "peaked at " + most.toIec() + " since the JVM started (NMT's peak of Compiler and Arena Chunk)"
                        : "hold " + most.toIec() + (share > 0 ? ", " + Evidence.pct(share) + " of what NMT counts" : "") + " (NMT's Compiler and Arena Chunk)"),
                Evidence.builder().bytes("compiler_arena_peak", peak).bytes("compiler_arena_now", now).ratio("share_of_nmt_committed", share)
                        .value("ruled_out", "ordinary compilations, whose arenas together stay in the tens of MiB: they reached " + most.toIec()).build(),
                List.of("Find the method: -XX:CompileCommand=MemStat,*.*,collect at start, then jcmd " + pid + " Compiler.memory (JDK 21+)",
                        "Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+)",
                        "Leave headroom for the peak in the container limit until it is fixed"),
                Confidence.medium));
    }
}
