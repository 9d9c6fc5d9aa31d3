// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.ThreadGroups;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;

/**
 * thread-leak, weakly, from how threads are numbered where few of them are shown (a dump excerpt, a grep of one):
 * executors and event loop groups number themselves as they are created ({@link #COUNTED}), so a thread called
 * {@code pool-12567-thread-3} or {@code client-5629-1} says twelve thousand pools (or five thousand clients) were made: an executor or a client
 * created per call. Whether their threads are still alive the excerpt cannot say, so the confidence is low and a full
 * dump settles it; where a full dump shows them, {@link ThreadGroupsRule} speaks instead.
 */
public final class ThreadNumberingRule implements Rule {
    static final long MANY_POOLS = 1000;
    /**
     * Names whose first number counts pools: the JDK's Executors.defaultThreadFactory ({@code pool-N-thread-M}) and
     * Netty's DefaultThreadFactory ({@code nioEventLoopGroup-N-M}: a prefix, the pool, the thread). Not Tomcat's
     * {@code http-nio-8080-exec-M}, whose number is a port.
     */
    static final java.util.regex.Pattern COUNTED = java.util.regex.Pattern.compile("pool-N-thread-M|[A-Za-z][\\w.]*-N-M");

    @Override public String id() { return Findings.THREAD_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        ThreadDump d = s.get(Readings.THREAD_DUMP).orNull();
        if (d == null) return RuleResult.quiet();
        ThreadGroups.Group g = d.javaGroups().groups().stream().filter(x -> COUNTED.matcher(x.pattern()).matches())
                .max(Comparator.comparingLong(ThreadGroups.Group::highest)).orElse(null);
        if (g == null || g.highest() < MANY_POOLS) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "Threads named " + g.pattern() + " up to " + g.highest() + ": " + g.highest() + " pools (executors, event loop groups) were created, one per call",
                Evidence.builder().value("thread_pattern", g.pattern()).value("highest_pool_number", g.highest()).value("threads_shown", g.count())
                        .value("ruled_out", "a server's fixed pools, which keep their first numbers; not ruled out: that the pools were shut down and their threads are gone").build(),
                List.of("Count the live ones: jcmd " + s.pidText() + " Thread.print | grep -c '\"" + g.pattern().replace("N", "").replace("M", "").replaceAll("-+", "-") + "' (or jrss watch: threads over time)",
                        "Create the executor (or client, with its event loop group) once and reuse it; where one per call is needed, shut it down when done",
                        "Each live thread costs its stack and kernel memory; a task limit ends it with 'unable to create native thread'"),
                Confidence.low));
    }
}
