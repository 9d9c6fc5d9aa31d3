// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Durations;
import io.jrss.core.model.PostMortem;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.time.Duration;
import java.util.List;

/**
 * thread-leak, as a failed thread creation tells it: at start-up a thread that cannot be created is a container or a
 * sandbox refusing it (see thread-creation-failed); hours later, the thread count grew into a limit (pids.max,
 * ulimit -u, threads-max, or the memory for stacks), and threads that are started and never ended are the usual
 * way to get there. One failure cannot show the growth, so the confidence is low; a watch shows it.
 */
public final class ThreadLimitRule implements Rule {
    static final Duration LATE = Duration.ofHours(1);

    @Override public String id() { return Findings.THREAD_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PostMortem p = s.get(Readings.POST_MORTEM).orNull();
        if (p == null || !p.cause().equals("thread") || p.uptime() == null || p.uptime() < LATE.toSeconds()) return RuleResult.quiet();
        String after = Durations.human(Duration.ofSeconds(p.uptime().longValue()));
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The JVM could not start a thread after " + after + " of running: its threads grew into a limit",
                Evidence.builder().value("uptime_seconds", Math.round(p.uptime())).value("message", p.message())
                        .value("ruled_out", "a container or sandbox refusing threads at start-up: this failed after " + after + "; not ruled out by one"
                                + " failure: a burst of threads that a pool allows, against a low limit").build(),
                List.of("Find who starts them: jcmd " + pid + " Thread.print (or a thread dump at the next failure), counted by name prefix",
                        "Shut down what is created per task: executors, ForkJoinPools, HTTP clients and timers; bound the pools",
                        "Watch the count before the next failure: jrss watch " + pid + " (thread-leak is raised while it keeps growing)"),
                Confidence.low));
    }
}
