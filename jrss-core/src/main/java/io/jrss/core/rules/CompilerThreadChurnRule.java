// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * glibc-arena-bloat, as a JVM log can suggest it: with -XX:+UseDynamicNumberOfCompilerThreads (the default) the JIT
 * starts compiler threads for bursts of compilation and ends them when idle (-XX:+TraceCompilerThreads logs it).
 * A new thread may be handed another glibc arena, and the memory a compilation freed there stays behind: RSS grows
 * with the churn (shown with DaCapo's jython by HotSpot's Poonam Parhar). A log cannot show the arenas themselves,
 * so this is information with the way to check.
 */
public final class CompilerThreadChurnRule implements Rule {
    @Override public String id() { return Findings.GLIBC_ARENA_BLOAT.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null || !"compiler-threads".equals(p.cause())) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.info,
                "JIT compiler threads come and go (" + p.message() + "): each new one may take another malloc arena and leave freed memory in it",
                Evidence.builder().value("log", p.message()).value("option", "-XX:+UseDynamicNumberOfCompilerThreads (the default)").build(),
                List.of("See whether RSS grows with it: jrss watch " + pid + " (glibc's free memory and the arenas over time)",
                        "Keep the compiler threads: -XX:-UseDynamicNumberOfCompilerThreads (or -XX:-ReduceNumberOfCompilerThreads)",
                        "Or fewer arenas: MALLOC_ARENA_MAX=2; and give freed memory back: -XX:TrimNativeHeapInterval=60000 (17.0.9+, 21.0.1+)"),
                Confidence.low));
    }
}
