// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * compiler-memory-spike after the fact: the JVM died while a compiler arena asked for a large block at once
 * (ChunkPool::allocate, Chunk::new, arena.cpp), or the kernel's OOM killer was invoked by a JIT compiler thread:
 * one method's compilation took what was left. A small request that fails in a compiler thread is not one: when
 * memory is gone, whichever thread asks next fails, and C2 asks often.
 */
public final class CompilerArenaRule implements Rule {
    @Override public String id() { return Findings.COMPILER_MEMORY_SPIKE.id(); }

    /** A single arena request this large is one compilation ballooning; smaller ones fail wherever memory ran out. */
    static final Bytes BIG_REQUEST = Bytes.ofMiB(16);

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null) return RuleResult.quiet();
        boolean compilerInvokedOomKiller = p.cause().equals("oom-kill") && PostMortem.isCompilerThread(p.thread());
        boolean bigArenaRequest = (p.cause().equals("malloc") || p.cause().equals("mmap")) && (p.inCompilerArena() || PostMortem.isCompilerThread(p.thread()))
                && p.requested() != null && p.requested().compareTo(BIG_REQUEST) >= 0;
        if (!compilerInvokedOomKiller && !bigArenaRequest) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.critical,
                compilerInvokedOomKiller ? "The OOM killer ran while a JIT compiler thread (" + p.thread() + ") asked for memory: a compilation's arena took the last of it"
                        : "A compiler arena asked for " + p.requested().toIec() + " at once and ran the JVM out of native memory (" + (p.purpose() == null ? p.location() : p.purpose()) + ")",
                Evidence.builder().bytes("requested", p.requested()).value("purpose", p.purpose()).value("location", p.location()).value("thread", p.thread())
                        .value("ruled_out", compilerInvokedOomKiller ? "another thread's allocation: the kernel names the compiler thread as the one that asked"
                                : "a compiler thread that merely failed where memory ran out: one request of " + p.requested().toIec() + " is a compilation ballooning").build(),
                List.of("Find the method: the hs_err file's 'Current CompileTask' line names it",
                        "Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+)",
                        "Keep the method out of C2: -XX:CompileCommand=exclude,<class>::<method>",
                        "JDK 21+: jcmd <pid> Compiler.memory (with -XX:CompileCommand=MemStat,*.*,print) shows the costliest compilations"),
                Confidence.medium));
    }
}
