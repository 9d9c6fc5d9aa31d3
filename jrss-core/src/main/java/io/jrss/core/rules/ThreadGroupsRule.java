// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.ThreadGroups;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.stream.Collectors;

/**
 * thread-leak from a thread dump: thousands of threads of one name pattern, or an executor's threads from hundreds
 * of distinct pools ({@code pool-N-thread-M} alive for N up to thousands: an executor created per call and never shut
 * down). A server's own pools are bounded (Tomcat's 200 {@code http-nio-8080-exec-N}, Netty's event loops at twice the
 * cores), so a group of {@link #MANY} is not one of them. One dump cannot show the growth itself: medium confidence.
 */
public final class ThreadGroupsRule implements Rule {
    static final int MANY = 1000, POOLS = 100;

    @Override public String id() { return Findings.THREAD_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        ThreadDump d = s.get(Readings.THREAD_DUMP).orNull();
        if (d == null) return RuleResult.quiet();
        ThreadGroups groups = d.javaGroups();
        ThreadGroups.Group g = groups.largest();
        if (g == null || g.count() < MANY && g.instances() < POOLS) return RuleResult.quiet();
        boolean executors = g.instances() >= POOLS;
        String states = g.states().entrySet().stream().limit(3).map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
        String where = d.vm() != null && d.vm().startsWith("the hs_err") ? "the hs_err file's" : "the dump's";
        String title = g.count() + " of " + where + " " + groups.total() + " Java threads are " + g.pattern()
                + (executors ? " from " + g.instances() + " distinct executors (pool numbers up to " + g.highest() + ")" : "")
                + (states.isEmpty() ? "" : " (" + states + ")");
        // In an hs_err file the threads were there when the JVM died: whatever ended it, they are its cause.
        Severity severity = where.startsWith("the hs_err") ? Severity.critical : Severity.warning;
        return RuleResult.fired(new Finding(id(), severity, title,
                Evidence.builder().value("thread_pattern", g.pattern()).value("threads_in_group", g.count()).value("java_threads", groups.total())
                        .value("threads_by_state", states.isEmpty() ? null : states).value("distinct_executors", executors ? g.instances() : null)
                        .value("highest_pool_number", g.highest() >= 0 ? g.highest() : null)
                        .value("next_groups", groups.groups().stream().skip(1).limit(3).map(x -> x.count() + " " + x.pattern()).collect(Collectors.joining(", ")))
                        .value("ruled_out", "a bounded server pool (Tomcat's 200 workers, Netty's 2 x cores event loops): this one group holds "
                                + g.count() + " threads" + (executors ? " from " + g.instances() + " executors still alive" : "")
                                + "; not ruled out by one dump: that the count has stopped growing").build(),
                List.of(executors ? "An executor created per call (Executors.newFixedThreadPool(...) in a method) and never shut down: create it once, or call shutdown() when done"
                                : "Find who starts the " + g.pattern() + " threads: the top frames of their stacks in the dump, or a thread factory that names them",
                        "Confirm the growth: another thread dump later (jcmd " + s.pidText() + " Thread.print), or jrss watch " + s.pidText() + " (threads over time)",
                        "Each thread costs its stack (-Xss, 1 MiB reserved by default) and kernel memory; a limit on tasks (ulimit -u, the cgroup's pids.max) ends it with 'unable to create native thread'"),
                Confidence.medium));
    }
}
