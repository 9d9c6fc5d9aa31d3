// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * thread-creation-failed: the JVM could not start a thread (pthread_create failed: EAGAIN for a limit, EPERM for a
 * sandbox refusing clone3), as its hs_err file says. At start-up it is usually the container, not memory.
 */
public final class ThreadCreationFailedRule implements Rule {
    @Override public String id() { return Findings.THREAD_CREATION_FAILED.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null || !p.cause().equals("thread")) return RuleResult.quiet();
        Evidence.Builder e = Evidence.builder().value("message", p.message()).value("location", p.location()).value("jre_version", p.jreVersion());
        String why = ThreadLimits.addTo(e, s.get(Readings.MESSAGES).orNull());
        e.value("likely_reason", why);
        return RuleResult.fired(new Finding(id(), Severity.critical, "The JVM could not create a thread: " + p.message() + (why == null ? "" : "; " + why),
                e.build(),
                List.of("EPERM at start-up in a container: the runtime's seccomp profile refuses clone3 (Docker before 20.10.10, old runc/libseccomp); upgrade the runtime",
                        "EAGAIN: a task limit was reached: the container's pids.max, ulimit -u, kernel.threads-max, or vm.max_map_count",
                        "Fewer threads: -XX:ParallelGCThreads, -XX:ConcGCThreads, -XX:CICompilerCount, -XX:ActiveProcessorCount, and the application's pools",
                        "If memory ran out instead: smaller stacks (-Xss) and a smaller heap leave room for threads"),
                Confidence.high));
    }
}
