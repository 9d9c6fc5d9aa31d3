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
    /** Page cache charged to the cgroup: v1 "cache" (or total_cache), v2 "file". */
    public Bytes pageCache() {
        if (version == 2) return stat("file");
        return stat.containsKey("total_cache") ? stat("total_cache") : stat("cache");
    }
}
