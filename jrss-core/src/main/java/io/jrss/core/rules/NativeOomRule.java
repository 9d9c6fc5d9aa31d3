// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * native-oom: the JVM died because the OS refused it native memory (malloc or mmap failed), as its hs_err file
 * says. What was asked for and for what tells where to look: committing the heap points at the limit, a compiler
 * arena at one method, a thread stack at the thread count.
 */
public final class NativeOomRule implements Rule {
    @Override public String id() { return Findings.NATIVE_OOM.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null) return RuleResult.quiet();
        if (!p.cause().equals("malloc") && !p.cause().equals("mmap")) return RuleResult.quiet();
        String purpose = p.purpose() == null ? "an unnamed purpose" : p.purpose();
        Evidence.Builder e = Evidence.builder().value("allocation", p.cause()).bytes("requested", p.requested()).value("purpose", p.purpose()).value("thread", p.thread())
                .value("location", p.location()).value("jre_version", p.jreVersion()).value("message", p.message());
        s.get(Readings.CGROUP_MEMORY).value().map(c -> c.limit()).ifPresent(l -> e.bytes("container_limit", l));
        List<String> remedy = new ArrayList<>();
        boolean big = p.requested() != null && p.requested().compareTo(CompilerArenaRule.BIG_REQUEST) >= 0;
        if (p.inCompilerArena() && big) remedy.add("A compiler arena asked for it: see compiler-memory-spike; cap compilations with -XX:CompileCommand=MemLimit,*.*,1g (JDK 22+)");
        else if (p.inCompilerArena() || PostMortem.isCompilerThread(p.thread())) {
            remedy.add("A JIT compiler thread asked for only " + (p.requested() == null ? "a little" : p.requested().toIec())
                    + ": it failed where memory ran out, it did not take it; look for what grew (threads, native libraries, the heap)");
        }
        if (purpose.contains("committing reserved memory") || purpose.contains("heap")) {
            remedy.add("The heap (or another reservation) could not be committed: the container or the host had no memory left; lower -Xmx or raise the limit");
        }
        remedy.add("Check what the limit was and who used it: the container limit, ulimit -v, vm.overcommit_memory, and the other processes");
        remedy.add("At the next start, keep the ledger: -XX:NativeMemoryTracking=summary -XX:+PrintNMTStatistics, or run it under jrss run");
        remedy.add("Fewer or smaller threads cut native memory: -Xss, thread pool sizes, -XX:ParallelGCThreads, -XX:CICompilerCount");
        return RuleResult.fired(new Finding(id(), Severity.critical,
                "The JVM died out of native memory: " + p.cause() + " of " + (p.requested() == null ? "?" : p.requested().toIec()) + " for " + purpose
                        + " failed" + (p.location() == null ? "" : " (" + p.location() + ")"),
                e.build(), remedy, Confidence.high));
    }
}
