// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * cpu-throttling: the cgroup's CPU quota stops the process in many periods; GC and concurrent threads starve and
 * memory peaks (a reported service: ZGC not running during the peak, load average 4x the cores).
 */
public final class CpuThrottlingRule implements Rule {
    static final double MIN_RATIO = 0.05;
    static final long MIN_PERIODS = 20;

    @Override public String id() { return Findings.CPU_THROTTLING.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        CgroupCpu cpu = s.get(Readings.CGROUP_CPU).orNull();
        if (cpu == null) return notEvaluated("no cgroup cpu controller readings");
        if (cpu.nrPeriods() < MIN_PERIODS || cpu.throttledRatio() < MIN_RATIO) return RuleResult.quiet();
        Double load = s.get(Readings.LOAD_AVERAGE).orNull();
        Integer cpus = s.get(Readings.CPUS_ONLINE).orNull();
        return RuleResult.fired(new Finding(id(), cpu.throttledRatio() >= 0.25 ? Severity.critical : Severity.warning,
                "CPU quota " + (cpu.cpus() == null ? "?" : String.format(java.util.Locale.ROOT, "%.2f", cpu.cpus()))
                        + " CPUs throttled the process in " + Evidence.pct(cpu.throttledRatio()) + " of " + cpu.nrPeriods() + " periods",
                Evidence.builder().value("quota_cpus", cpu.cpus()).value("nr_periods", cpu.nrPeriods())
                        .value("nr_throttled", cpu.nrThrottled()).ratio("throttled_ratio", cpu.throttledRatio())
                        .value("throttled_seconds", cpu.throttledTime().toMillis() / 1000.0)
                        .value("load_average_1m", load).value("host_cpus", cpus).value("cgroup", cpu.path())
                        .value("ruled_out", "a quota that is rarely hit: " + Evidence.pct(cpu.throttledRatio()) + " of all " + cpu.nrPeriods()
                                + " periods were throttled; not ruled out in one snapshot: that it happened only in the past (jrss watch tells)").build(),
                List.of("Give the container more CPU (or remove the quota): GC threads that wait for CPU let memory pile up",
                        "Match the JVM to its quota: -XX:ActiveProcessorCount and fewer -XX:ParallelGCThreads/ConcGCThreads",
                        "Counters are cumulative since the cgroup started: jrss watch shows whether throttling is ongoing"),
                Confidence.high));
    }
}
