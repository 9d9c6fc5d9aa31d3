// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.GcLog;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * swap-in-use, read from a GC log's pause times ("[Times: user=0.92 sys=0.38, real=34.37 secs]", or -Xlog:gc+cpu's
 * "User=0.01s Sys=0.41s Real=0.48s"). A collector's threads copy and mark in user mode while the world is stopped. Two
 * shapes say they did something else:
 * <ul>
 *   <li>they <b>waited</b>: the pause took a second or more and its threads together used a fifth of it or less. On
 *       pages of the heap read back from a slow swap device (a GC walks old objects nobody touched for hours), or for a
 *       CPU the host or a quota did not give them;</li>
 *   <li>the <b>kernel</b> did the pause's work: a quarter of a second or more, system time at least four times the user
 *       time and half the pause. Page faults: swap-ins from a fast device, or first touches and huge-page compaction.</li>
 * </ul>
 * The log cannot tell these causes apart, so the confidence is low and the finding says how to (vmstat's si/so, the
 * process's VmSwap, the cgroup's nr_throttled). Needs two such pauses, or one of ten seconds.
 */
public final class GcLogStalledPausesRule implements Rule {
    static final double WAITED_REAL = 1.0, WAITED_CPU_SHARE = 0.2, KERNEL_REAL = 0.25, KERNEL_PER_USER = 4, ALONE = 10.0;

    @Override public String id() { return Findings.SWAP_IN_USE.id(); }

    static boolean waited(GcLog.Times t) { return t.real() >= WAITED_REAL && t.cpu() <= WAITED_CPU_SHARE * t.real(); }

    static boolean inKernel(GcLog.Times t) { return t.real() >= KERNEL_REAL && t.sys() >= KERNEL_PER_USER * t.user() && t.sys() >= 0.5 * t.real(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        GcLog log = s.get(Readings.GC_LOG).orNull();
        if (log == null) return RuleResult.quiet();
        List<GcLog.Collection> stalled = log.collections().stream().filter(c -> c.times() != null && (waited(c.times()) || inKernel(c.times()))).toList();
        if (stalled.isEmpty() || stalled.size() < 2 && stalled.get(0).times().real() < ALONE) return RuleResult.quiet();
        GcLog.Collection worst = stalled.stream().max(Comparator.comparingDouble(c -> c.times().real())).orElseThrow();
        GcLog.Times t = worst.times();
        boolean waited = waited(t);
        double lost = stalled.stream().mapToDouble(c -> c.times().real() - c.times().user()).sum();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                stalled.size() + " GC pause(s) " + (waited ? "mostly waited rather than ran" : "were mostly the kernel's work") + ": the longest, " + worst.what()
                        + ", took " + seconds(t.real()) + " with " + seconds(t.user()) + " of user and " + seconds(t.sys()) + " of system CPU;"
                        + " pages read back from swap, most likely",
                Evidence.builder().value("stalled_pauses", stalled.size()).value("longest_pause", worst.what()).value("longest_pause_real_seconds", t.real())
                        .value("longest_pause_user_seconds", t.user()).value("longest_pause_sys_seconds", t.sys())
                        .value("seconds_not_collecting", Math.round(lost * 10) / 10.0)
                        .value("ruled_out", "a long pause that works: a collector's threads work in user mode, and a parallel one's use more CPU than"
                                + " wall-clock time; this one's used " + Math.round(100 * t.user() / t.real()) + "% in user mode")
                        .value("not_yet_ruled_out", waited ? "CPU starvation (a CPU quota, steal time): threads ready to run wait the same way;"
                                + " the cgroup's cpu.stat nr_throttled tells it" : "first touches of new heap memory and transparent huge pages'"
                                + " compaction also fault in the kernel; a pause that repeats on a heap that does not grow is swap")
                        .value("tells_swap", "vmstat 1 during a pause (si/so columns), or VmSwap in /proc/<pid>/status").build(),
                List.of("Check swap while it happens: vmstat 1 (si/so columns), grep VmSwap /proc/<pid>/status",
                        "If the heap is swapped: keep the JVM's memory below what the host or cgroup can hold resident (a smaller -Xmx, fewer processes),"
                                + " or turn swap off for it (memory.swappiness=0 in its cgroup, swapoff on a dedicated host)",
                        "If it is CPU starvation: raise the CPU quota, or lower -XX:ParallelGCThreads and -XX:ConcGCThreads to what the quota allows"),
                Confidence.low));
    }

    private static String seconds(double s) { return String.format(Locale.ROOT, "%.2f s", s); }
}
