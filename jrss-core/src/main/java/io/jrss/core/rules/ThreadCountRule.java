// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * thread-leak from the thread count alone ({@code /proc/<pid>/status}' Threads, VM.vitals' thr): a JVM's own threads
 * are tens, its pools hundreds at most (Tomcat's 200 workers, Netty's event loops at twice the cores, a ForkJoinPool
 * per core), and limits on tasks start near this ({@code DefaultTasksMax} of systemd is 15% of pid_max: 4,915 on a
 * default kernel). From {@link #MANY} threads the count is beyond what pools need. One count cannot show growth: low
 * confidence; a thread dump names the group ({@link ThreadGroupsRule} speaks then instead).
 */
public final class ThreadCountRule implements Rule {
    static final int MANY = 5000;

    @Override public String id() { return Findings.THREAD_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        ProcStatus p = s.get(Readings.STATUS).orNull();
        if (p == null || p.threads() < MANY || s.get(Readings.THREAD_DUMP).orNull() != null) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                String.format("%,d threads in one JVM: more than its pools need", p.threads()),
                Evidence.builder().value("threads", p.threads())
                        .value("ruled_out", "a server's pools: they stay in the hundreds, not " + String.format("%,d", p.threads()))
                        .value("not_yet_ruled_out", "one count is one moment: whether it keeps growing (a watch), and which threads (a thread dump)").build(),
                List.of("Find who starts them: jcmd " + pid + " Thread.print, grouped by thread name (jrss analyze reads the dump)",
                        "Shut down what is created per task: executors, HTTP clients with their evictor threads, timers; bound the pools",
                        "Watch the count: jrss watch " + pid + " (thread-leak is raised while it keeps growing)"),
                Confidence.low));
    }
}
