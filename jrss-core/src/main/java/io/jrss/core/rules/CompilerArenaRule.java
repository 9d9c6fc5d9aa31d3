// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.PostMortem;
import io.jrss.core.model.Snapshot;
import java.util.List;

/**
 * compiler-memory-spike after the fact: the JVM died while a compiler arena asked for memory (ChunkPool::allocate,
 * Chunk::new, arena.cpp): one method's compilation took what was left.
 */
public final class CompilerArenaRule implements Rule {
    @Override public String id() { return "compiler-memory-spike"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.postMortem().orNull();
        if (p == null) return RuleResult.quiet();
        boolean compilerInvokedOomKiller = p.cause().equals("oom-kill") && p.purpose() != null && p.purpose().matches("C[12] Compiler.*");
        if (!compilerInvokedOomKiller && (!(p.cause().equals("malloc") || p.cause().equals("mmap")) || !p.inCompilerArena())) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.critical,
                compilerInvokedOomKiller ? "The OOM killer ran while a JIT compiler thread (" + p.purpose() + ") asked for memory: a compilation's arena took the last of it"
                        : "A compiler arena ran the JVM out of native memory (" + (p.purpose() == null ? p.location() : p.purpose()) + ")",
                new Evidence().bytes("requested", p.requested()).value("purpose", p.purpose()).value("location", p.location()).build(),
                List.of("Find the method: the hs_err file's 'Current CompileTask' line names it",
                        "Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+)",
                        "Keep the method out of C2: -XX:CompileCommand=exclude,<class>::<method>",
                        "JDK 21+: jcmd <pid> Compiler.memory (with -XX:CompileCommand=MemStat,*.*,print) shows the costliest compilations"),
                "medium"));
    }
}
