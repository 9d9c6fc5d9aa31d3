// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.model.Bytes;
import java.util.List;

/**
 * Runs of a program under a memory limit and flags ({@code jrss size --prove}): each run's peak container usage against
 * the limit, whether the kernel's OOM killer ended it, and its time and metric beside the unconstrained run's.
 *
 * @param limit the limit the runs had (the recommendation, or the one given by hand)
 * @param free  the unconstrained run the recommendation was made from, or null when it came from a recording
 */
public record SizeProof(Bytes limit, List<String> javaOptions, Run free, List<Run> runs) {
    /**
     * @param peakUsage the highest cgroup usage (memory.max_usage_in_bytes on v1, memory.peak on v2; else the highest polled)
     * @param oomKills  the kills the cgroup counted
     * @param metric    the number the --metric pattern found in the program's output, or null
     */
    public record Run(int run, Bytes peakUsage, long oomKills, int exitStatus, double wallSeconds, Double metric, String detail) {}

    public SizeProof { runs = List.copyOf(runs); javaOptions = List.copyOf(javaOptions); }

    public long kills() { return runs.stream().mapToLong(Run::oomKills).sum(); }

    /**
     * Whether a run that was not killed still did not end as the unconstrained run did: another exit status, or a
     * timeout where that one exited (the flags or the limit broke it: a heap too small for the work, a thrashing
     * cgroup). Without an unconstrained run, a non-zero exit.
     */
    public boolean broke(Run r) {
        if (r.oomKills() > 0) return false;
        return free == null ? r.exitStatus() > 0 : r.exitStatus() != free.exitStatus();
    }

    /** The runs that {@link #broke}. */
    public long broken() { return runs.stream().filter(this::broke).count(); }

    /** Whether every run ended as the unconstrained one did, none killed. */
    public boolean held() { return kills() == 0 && broken() == 0; }
}
