// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.model.CgroupLine;
import io.jrss.core.model.CgroupMemory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads the memory and cpu controller files of cgroup v1 and v2. {@code file} looks a controller file up by
 * its kernel name ("memory.max", "cpu.stat", ...) and answers empty when the file does not exist.
 * A controller whose usage file is missing is not mounted for the target: the answer is empty.
 */
public final class CgroupParser {
    /** v1 writes "unlimited" as LONG_MAX rounded down to the page size. */
    static final long V1_UNLIMITED = 9223372036854771712L;

    private CgroupParser() {}

    /** {@code swapUsage} is null when the kernel does not account swap (no memsw / swap.current file). */
    public static Optional<CgroupMemory> memory(int version, String path, Function<String, Optional<String>> file) {
        checkVersion(version);
        String usageName = version == 1 ? "memory.usage_in_bytes" : "memory.current";
        Optional<String> usageText = file.apply(usageName);
        Optional<String> statText = file.apply("memory.stat");
        if (usageText.isEmpty() && statText.isEmpty()) return Optional.empty();
        // A pasted memory.stat alone: the usage is then unknown (null), not zero.
        Bytes usage = usageText.map(t -> Bytes.of(single(t, usageName))).orElse(null);
        Bytes limit, swap = null;
        if (version == 1) {
            limit = file.apply("memory.limit_in_bytes").map(t -> single(t, "memory.limit_in_bytes"))
                    .filter(v -> v < V1_UNLIMITED).map(Bytes::of).orElse(null);
            // memsw counts memory plus swap
            swap = usage == null ? null : file.apply("memory.memsw.usage_in_bytes")
                    .map(t -> Bytes.of(single(t, "memory.memsw.usage_in_bytes")).minus(usage).atLeastZero()).orElse(null);
        } else {
            limit = file.apply("memory.max").map(t -> maxOrNumber(t, "memory.max")).map(Bytes::of).orElse(null); // "max": none
            swap = file.apply("memory.swap.current").map(t -> Bytes.of(single(t, "memory.swap.current"))).orElse(null);
        }
        Map<String, Long> stat = statText.map(t -> keyValues(t, "memory.stat")).orElse(Map.of());
        Long hierarchical = stat.get("hierarchical_memory_limit"); // v1 memory.stat carries the effective limit
        boolean noLimitFile = file.apply(version == 1 ? "memory.limit_in_bytes" : "memory.max").isEmpty();
        if (noLimitFile && version == 1 && hierarchical != null && hierarchical < V1_UNLIMITED) limit = Bytes.of(hierarchical);
        return Optional.of(new CgroupMemory(version, path, limit, usage, swap, stat));
    }

    /** Without a quota file the quota is null and the period the kernel default, 100 ms. */
    public static Optional<CgroupCpu> cpu(int version, String path, Function<String, Optional<String>> file) {
        checkVersion(version);
        Optional<String> statText = file.apply("cpu.stat");
        if (statText.isEmpty()) return Optional.empty();
        Map<String, Long> stat = keyValues(statText.get(), "cpu.stat");
        Long quota = null;
        long period = 100_000;
        Duration throttled;
        if (version == 1) {
            Optional<String> q = file.apply("cpu.cfs_quota_us");
            if (q.isPresent()) {
                long v = single(q.get(), "cpu.cfs_quota_us");
                quota = v < 0 ? null : v; // -1: no quota
            }
            Optional<String> p = file.apply("cpu.cfs_period_us");
            if (p.isPresent()) period = single(p.get(), "cpu.cfs_period_us");
            throttled = Duration.ofNanos(stat.getOrDefault("throttled_time", 0L));
        } else {
            Optional<String> max = file.apply("cpu.max"); // "max 100000" or "20000 100000"; absent at the root
            if (max.isPresent()) {
                String[] f = max.get().strip().split("\\s+");
                if (f.length != 2) throw new ParseException(1, "cpu.max: expected '<quota|max> <period>' but found '" + Text.shorten(max.get()) + "'");
                quota = f[0].equals("max") ? null : Text.parseLong(f[0], 1, "cpu.max quota");
                period = Text.parseLong(f[1], 1, "cpu.max period");
            }
            throttled = Duration.ofNanos(Math.multiplyExact(stat.getOrDefault("throttled_usec", 0L), 1000L));
        }
        if (period <= 0) throw new ParseException(1, "cpu period must be positive: " + period);
        return Optional.of(new CgroupCpu(version, path, quota, period, stat.getOrDefault("nr_periods", 0L),
                stat.getOrDefault("nr_throttled", 0L), throttled));
    }

    /** Reads {@code /proc/<pid>/cgroup}. */
    public static List<CgroupLine> parseProcCgroup(String text) {
        List<String> lines = Text.lines(text, "/proc/<pid>/cgroup");
        List<CgroupLine> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.isEmpty()) continue;
            String[] f = s.split(":", 3);
            if (f.length != 3 || !f[2].startsWith("/")) {
                throw new ParseException(i + 1, "expected 'id:controllers:/path' but found '" + Text.shorten(s) + "'");
            }
            long id = Text.parseLong(f[0], i + 1, "hierarchy id");
            if (id < 0 || id > Integer.MAX_VALUE) throw new ParseException(i + 1, "hierarchy id out of range: " + id);
            List<String> controllers = f[1].isEmpty() ? List.of() : List.of(f[1].split(","));
            out.add(new CgroupLine((int) id, controllers, f[2]));
        }
        return Collections.unmodifiableList(out);
    }

    private static void checkVersion(int version) {
        if (version != 1 && version != 2) throw new IllegalArgumentException("cgroup version must be 1 or 2: " + version);
    }

    private static long single(String text, String name) {
        List<String> lines = Text.lines(text, name);
        return Text.parseLong(lines.get(0), 1, name);
    }

    /** null for "max", so that Optional.map drops it. */
    private static Long maxOrNumber(String text, String name) {
        String s = Text.lines(text, name).get(0).strip();
        return s.equals("max") ? null : Text.parseLong(s, 1, name);
    }

    /**
     * "key value" lines (memory.stat, cpu.stat), values as printed. A paste may carry more: a note after the value
     * ("cache 461389824 ≈ 0.44G"), a comment or an elision between lines ("# cgroup v2", "..."): the value is the
     * first word after the key, and a line without a key and a number is passed over.
     */
    static Map<String, Long> keyValues(String text, String name) {
        List<String> lines = Text.lines(text, name);
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).strip().split("\\s+");
            if (f.length == 1 && f[0].matches("[a-z_][a-z0-9_]*")) throw new ParseException(i + 1, name + ": '" + Text.shorten(f[0]) + "' has no value: cut off?");
            if (f.length < 2 || !f[0].matches("[a-z_][a-z0-9_]*") || !f[1].matches("-?\\d{1,19}")) continue;
            out.put(SharedNames.of(f[0]), Text.parseLong(f[1], i + 1, name + " " + f[0]));
        }
        if (out.isEmpty()) throw new ParseException(0, name + " has no 'key value' lines");
        return Collections.unmodifiableMap(out);
    }
}
