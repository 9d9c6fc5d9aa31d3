// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Containers' memory as {@code docker stats} (usage and limit) or {@code kubectl top pod} (usage only) shows it. Both
 * print the memory cgroup's usage minus the inactive page cache, what the kubelet calls the working set.
 *
 * @param tool "docker stats" or "kubectl top pod"
 */
public record ContainerUsage(String tool, List<Row> rows) {
    /** @param limit the memory limit, or null where the tool does not show it (kubectl top) */
    public record Row(String name, Bytes usage, Bytes limit) {
        public double share() { return limit == null || !limit.isPositive() ? 0 : usage.ratioOf(limit); }
    }
}
