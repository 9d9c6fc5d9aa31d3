// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Series;
import java.util.List;

/**
 * cpu-throttling over time: cpu.stat's counters are cumulative since the cgroup started, so one snapshot cannot say
 * whether throttling is still going on. Over the watch, the periods throttled out of the periods elapsed can.
 * Throttling in the past only is kept as information.
 */
public final class CpuThrottlingTrendRule implements TimelineRule {
    static final double MIN_RATIO = 0.05;
    static final long MIN_PERIODS = 20;

    @Override public String id() { return Findings.CPU_THROTTLING.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        var snapshot = f.snapshotFinding(id());
        Series periods = f.timeline().series(Signals.CPU_PERIODS), throttled = f.timeline().series(Signals.CPU_THROTTLED);
        if (periods.size() < 2 || throttled.size() < 2) {
            return snapshot.<RuleResult>map(RuleResult::fired).orElseGet(() -> notEvaluated("no cgroup cpu.stat readings over time"));
        }
        long dp = Math.round(periods.last() - periods.values().get(0)), dt = Math.round(throttled.last() - throttled.values().get(0));
        if (dp < MIN_PERIODS || dt < 0) return snapshot.<RuleResult>map(RuleResult::fired).orElse(RuleResult.quiet());
        double ratio = dt / (double) dp;
        Evidence.Builder evidence = Evidence.builder().value("periods_during_watch", dp).value("throttled_during_watch", dt)
                .ratio("throttled_ratio_during_watch", ratio).value("span_seconds", f.timeline().span().toSeconds());
        snapshot.ifPresent(s -> evidence.absent(s.evidence()));
        if (ratio < MIN_RATIO) {
            return snapshot.<RuleResult>map(s -> RuleResult.fired(new Finding(id(), Severity.info,
                    "Throttled in the past (" + s.title() + ") but in only " + Evidence.pct(ratio) + " of the " + dp + " periods of this watch",
                    evidence.build(), s.remedy(), s.confidence()))).orElse(RuleResult.quiet());
        }
        List<String> remedy = snapshot.map(Finding::remedy).orElse(List.of(
                "Give the container more CPU (or remove the quota): GC threads that wait for CPU let memory pile up",
                "Match the JVM to its quota: -XX:ActiveProcessorCount and fewer -XX:ParallelGCThreads/ConcGCThreads"));
        evidence.value("ruled_out", "throttling in the past only (cpu.stat counts since the container started): " + Evidence.pct(ratio)
                + " of the " + dp + " periods during this watch were throttled");
        return RuleResult.fired(new Finding(id(), ratio >= 0.25 ? Severity.critical : Severity.warning,
                "The CPU quota throttled the process in " + Evidence.pct(ratio) + " of the " + dp + " periods of this watch",
                evidence.build(), remedy.stream().filter(r -> !r.startsWith("Counters are cumulative")).toList(), Confidence.high));
    }
}
