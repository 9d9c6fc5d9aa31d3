// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.time.Duration;

/**
 * The CPU controller of the target's cgroup: quota and period ({@code cpu.cfs_quota_us}/{@code cpu.cfs_period_us}
 * in v1, {@code cpu.max} in v2; quota null when unlimited) and the throttling counters of {@code cpu.stat}.
 */
public record CgroupCpu(int version, String path, Long quotaMicros, long periodMicros, long nrPeriods, long nrThrottled,
                        Duration throttledTime) {
    public Double cpus() { return quotaMicros == null ? null : quotaMicros / (double) periodMicros; }
    public double throttledRatio() { return nrPeriods == 0 ? 0 : nrThrottled / (double) nrPeriods; }
}
