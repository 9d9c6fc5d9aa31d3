// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.util.List;

/**
 * thread-leak: the thread count (and with it stack memory) keeps growing and is still growing at the end at the
 * pace of the whole watch: a pool that fills to its size at start-up slows down and stops ({@link Growth#outlasts}).
 */
public final class ThreadLeakRule implements TimelineRule {
    static final double MIN_THREADS = 20;

    @Override public String id() { return Findings.THREAD_LEAK.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        Growth threads = f.growth(Signals.THREADS.name(), 1);
        if (threads.whole().samples() < TimelineFacts.MIN_SAMPLES) return notEvaluated("no thread counts (/proc/<pid>/status)");
        if (!threads.outlasts(MIN_THREADS)) return RuleResult.quiet();
        Growth stacks = f.growth(Signals.THREAD_STACKS.name(), 1 << 20);
        Evidence.Builder e = TrendEvidence.add(Evidence.builder(), "threads", threads, false)
                .value("ruled_out", "pools filling up to their size at start-up: threads were still started " + TrendEvidence.rate(threads, false)
                        + " in the second half of the watch, " + Evidence.pct(threads.pace()) + " of the pace of the whole watch");
        if (stacks.whole().samples() > 0) TrendEvidence.add(e, "thread_stacks", stacks, true);
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), threads.whole().last() >= 2000 ? Severity.critical : Severity.warning,
                "Threads keep being started: " + TrendEvidence.rate(threads, false) + ", " + Math.round(threads.whole().last()) + " now",
                e.build(),
                List.of("Find who starts them: jcmd " + pid + " Thread.print, grouped by thread name prefix",
                        "Bound the pools: shut down executors created per request, cap thread pools, or use virtual threads (JDK 21+)",
                        "Each thread costs its touched stack and often a malloc arena: -Xss lowers the reserve, not the leak"),
                stacks.sustained(1 << 20) || threads.delta() >= 5 * MIN_THREADS ? Confidence.high : Confidence.medium));
    }
}
