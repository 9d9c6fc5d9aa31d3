// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;

/**
 * The memory controller of the target's cgroup, v1 ({@code memory.limit_in_bytes}, {@code memory.usage_in_bytes})
 * or v2 ({@code memory.max}, {@code memory.current}). {@code limit} is null when unlimited.
 * {@code stat} keeps memory.stat as printed, in bytes (v1 {@code cache}/{@code rss}, v2 {@code file}/{@code anon}).
 */
public record CgroupMemory(int version, String path, Bytes limit, Bytes usage, Bytes swapUsage, Map<String, Long> stat) {
    public Bytes stat(String key) { return Bytes.of(stat.getOrDefault(key, 0L)); }

    /** Read from a pasted memory.stat rather than from a live target's cgroup (whose path is known). */
    public boolean pasted() { return path == null || path.isEmpty(); }

    /**
     * Shared memory charged to the cgroup (tmpfs, memfd: ZGC's heap), which the kernel counts as page cache but can
     * only swap, never drop: v2 "shmem"; v1 "shmem" where the kernel prints it, else the anonymous LRU lists (which
     * hold anonymous and shared pages) minus "rss" (anonymous pages only). Zero when unknown.
     */
    public Bytes shmem() {
        String p = stat.containsKey("total_shmem") ? "total_" : "";
        if (stat.containsKey(p + "shmem")) return stat(p + "shmem");
        if (version == 2) return Bytes.ZERO;
        String t = stat.containsKey("total_active_anon") ? "total_" : "";
        if (!stat.containsKey(t + "active_anon") || !stat.containsKey(t + "inactive_anon") || !stat.containsKey(t + "rss")) return Bytes.ZERO;
        return stat(t + "active_anon").plus(stat(t + "inactive_anon")).minus(stat(t + "rss")).atLeastZero();
    }

    /** The usage, or where only memory.stat is known, what it sums to (v1 cache + rss; v2 anon + file + kernel memory); null when neither. */
    public Bytes usageOrStat() {
        if (usage != null && usage.isPositive()) return usage;
        if (version == 1 && (stat.containsKey("cache") || stat.containsKey("rss"))) return pageCache().plus(stat(stat.containsKey("total_rss") ? "total_rss" : "rss"));
        if (version == 2 && (stat.containsKey("anon") || stat.containsKey("file"))) {
            Bytes kernel = stat("kernel_stack").plus(stat("pagetables")).plus(stat("slab")).plus(stat("sock")).plus(stat("percpu"));
            return stat("anon").plus(stat("file")).plus(kernel);
        }
        return null;
    }

    /** What the kubelet calls the working set, and what the OOM killer weighs: usage minus the inactive page cache; null when unknown. */
    public Bytes workingSet() {
        Bytes u = usageOrStat();
        if (u == null) return null;
        return u.minus(stat(stat.containsKey("total_inactive_file") ? "total_inactive_file" : "inactive_file")).atLeastZero();
    }
    /** Page cache charged to the cgroup: v1 "cache" (or total_cache), v2 "file". */
    public Bytes pageCache() {
        if (version == 2) return stat("file");
        return stat.containsKey("total_cache") ? stat("total_cache") : stat("cache");
    }
}
