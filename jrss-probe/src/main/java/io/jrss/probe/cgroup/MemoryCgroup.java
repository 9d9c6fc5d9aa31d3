// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A process's memory cgroup, read cheaply and often: its limit, its usage (one small file), the working set (usage less
 * the inactive file pages the kernel reclaims first, as the kubelet counts it) and the kernel's count of OOM kills in
 * it ({@code oom_kill} of {@code memory.events} on v2, of {@code memory.oom_control} on v1 since Linux 4.13). The
 * directory is found once, while the process lives: its cgroup outlives it, so the count is read after it is gone. Every
 * read is bounded; a file the kernel does not offer reads as -1.
 *
 * @param dir     the cgroup's directory under its mount
 * @param version 1 or 2
 */
public record MemoryCgroup(Path dir, int version) {
    private static final int MAX_READ = 64 << 10; // memory.stat is about 1.5 KiB; a cgroup file is never this long

    /** The memory cgroup of {@code pid}, or null when it has none this process can read. */
    public static MemoryCgroup of(int pid) {
        try {
            String cgroup = Files.readString(Path.of("/proc/" + pid + "/cgroup"));
            List<String> mountinfo = Files.readAllLines(Path.of("/proc/self/mountinfo"));
            String v1 = CgroupPaths.path(cgroup, "memory"), v1Mount = v1 == null ? null : CgroupPaths.mount(mountinfo, "cgroup", "memory");
            if (v1Mount != null) return at(v1Mount, v1, 1);
            String v2 = CgroupPaths.path(cgroup, ""), v2Mount = v2 == null ? null : CgroupPaths.mount(mountinfo, "cgroup2", null);
            return v2Mount == null ? null : at(v2Mount, v2, 2);
        } catch (IOException e) {
            return null;
        }
    }

    private static MemoryCgroup at(String mount, String path, int version) {
        if (path.contains("/..") || path.contains("(deleted)")) return null; // never a path out of the hierarchy
        Path dir = Path.of(mount + (path.equals("/") ? "" : path));
        MemoryCgroup m = new MemoryCgroup(dir, version);
        return Files.isReadable(dir.resolve(m.usageFile())) ? m : null;
    }

    public String limitFile() { return version == 1 ? "memory.limit_in_bytes" : "memory.max"; }

    public String usageFile() { return version == 1 ? "memory.usage_in_bytes" : "memory.current"; }

    public String eventsFile() { return version == 1 ? "memory.oom_control" : "memory.events"; }

    /** The limit in bytes, or -1 when there is none ("max", or v1's page-rounded LONG_MAX). */
    public long limit() {
        long l = number(limitFile());
        return l <= 0 || l >= 1L << 60 ? -1 : l;
    }

    /** The usage in bytes, or -1. */
    public long usage() { return number(usageFile()); }

    /** The highest usage the kernel kept: {@code memory.max_usage_in_bytes} (v1), {@code memory.peak} (v2, Linux 5.19+), or -1. */
    public long peak() { return number(version == 1 ? "memory.max_usage_in_bytes" : "memory.peak"); }

    /** Usage less inactive file pages ({@code total_inactive_file} on v1), or -1. */
    public long workingSet(long usage) {
        long inactive = field(read("memory.stat"), version == 1 ? "total_inactive_file" : "inactive_file");
        return usage < 0 || inactive < 0 ? usage : Math.max(0, usage - inactive);
    }

    /** How many processes the kernel's OOM killer ended in this cgroup, or -1 where the kernel does not count them. */
    public long oomKills() { return field(read(eventsFile()), "oom_kill"); }

    private long number(String file) {
        String t = read(file);
        if (t == null) return -1;
        t = t.strip();
        if (t.equals("max")) return Long.MAX_VALUE;
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static long field(String text, String key) {
        if (text == null) return -1;
        for (String line : text.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp > 0 && line.substring(0, sp).equals(key)) {
                try {
                    return Long.parseLong(line.substring(sp + 1).strip());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private String read(String file) {
        try (InputStream in = Files.newInputStream(dir.resolve(file))) {
            return new String(in.readNBytes(MAX_READ), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return null;
        }
    }
}
