// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CompilerMemory;
import io.jrss.core.model.Snapshot;
import java.util.List;

/**
 * compiler-memory-spike from Compiler.memory: one compilation took far more arena memory than compilations take.
 * Most need a few MiB and the largest methods of a big application some tens (a Spring service's costliest: 29
 * MiB); 100 MiB for one method is a compilation ballooning, 1 GiB is the kind that crosses a container limit.
 */
public final class CompilerMemoryRule implements Rule {
    static final Bytes LARGE = Bytes.ofMiB(100), HUGE = Bytes.ofGiB(1);

    @Override public String id() { return "compiler-memory-spike"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CompilerMemory cm = s.compilerMemory().orNull();
        if (cm == null) return RuleResult.quiet();
        var top = cm.costliest().orElse(null);
        if (top == null || top.total().compareTo(LARGE) < 0) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), top.total().compareTo(HUGE) >= 0 ? Severity.warning : Severity.info,
                "One " + (top.type().isEmpty() ? "" : top.type().toUpperCase(java.util.Locale.ROOT) + " ") + "compilation took " + top.total().toIec()
                        + " of arena memory: " + top.method(),
                new Evidence().bytes("costliest_compilation", top.total()).value("method", top.method()).value("compiler", top.type())
                        .value("compilations_listed", cm.compilations().size())
                        .value("ruled_out", "ordinary compilations, which take a few MiB (tens for the largest methods): this one took " + top.total().toIec()).build(),
                List.of("Cap what one compilation may take: -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+; the compilation stops, the JVM goes on)",
                        "Keep the method out of C2 if it keeps costing this much: -XX:CompileCommand=exclude," + top.method().replaceAll("\\(.*$", "").replace('/', '.'),
                        "Leave headroom for compilation peaks in the container limit; watch NMT's Compiler and Arena Chunk: jrss watch " + pid),
                "medium"));
    }
}
