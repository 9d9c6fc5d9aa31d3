// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The kernel's pressure stall information for a process's cgroup ({@code memory.pressure}, cgroup v2, Linux 4.20+ with
 * PSI): how long some of its tasks waited on memory (reclaim, refaults, swap-in). It is read from the process's v2
 * cgroup ("0::/path") whatever hierarchy carries the memory controller: the kernel accounts stalls to that cgroup, so
 * a hybrid host (memory limit on v1, like this one) has it too. Its "some" line is what the kernel's own triggers watch
 * ({@code some 150000 1000000}: 150 ms stalled in a 1 s window), the same share {@link Rise} watches by polling.
 *
 * @param file {@code memory.pressure} of the process's cgroup; never the root's, which is the whole machine's
 */
public record MemoryPressure(Path file) {
    /** The memory.pressure of {@code pid}'s cgroup, or null: no PSI, no v2 mount, or a process in the root cgroup. */
    public static MemoryPressure of(int pid) {
        try {
            String path = CgroupPaths.path(Files.readString(Path.of("/proc/" + pid + "/cgroup")), "");
            String mount = path == null ? null : CgroupPaths.mount(Files.readAllLines(Path.of("/proc/self/mountinfo")), "cgroup2", null);
            if (mount == null || path.equals("/") || path.contains("/..") || path.contains("(deleted)")) return null;
            MemoryPressure p = new MemoryPressure(Path.of(mount + path, "memory.pressure"));
            return p.someTotalMicros() >= 0 ? p : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The "some" line's total: microseconds some task of the cgroup stalled on memory since it was made, or -1. */
    public long someTotalMicros() {
        try (InputStream in = Files.newInputStream(file)) {
            return someTotal(new String(in.readNBytes(4096), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return -1;
        }
    }

    /** "some avg10=0.00 avg60=0.00 avg300=0.00 total=112597008" (and a "full" line since Linux 5.x): the some total, or -1. */
    static long someTotal(String text) {
        for (String line : text.split("\n")) {
            List<String> f = List.of(line.strip().split("\\s+"));
            if (f.isEmpty() || !f.get(0).equals("some")) continue;
            for (String kv : f) {
                if (!kv.startsWith("total=")) continue;
                try {
                    return Long.parseLong(kv.substring(6));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * A fast rise of the stall: the share of the last window (at least {@link #WINDOW}) during which some task waited on
     * memory, reaching {@code share}; once per rise (the share must fall below half of it before another counts).
     */
    public static final class Rise {
        public static final Duration WINDOW = Duration.ofSeconds(1);
        private final double share;
        private long fromNanos = -1, fromMicros = -1;
        private boolean risen;

        public Rise(double share) { this.share = share; }

        /** The stalled share of the window that just closed when it first reaches the threshold, else -1. */
        public double next(long nowNanos, long totalMicros) {
            if (totalMicros < 0) return -1;
            if (fromNanos < 0 || totalMicros < fromMicros) { fromNanos = nowNanos; fromMicros = totalMicros; return -1; }
            long elapsed = nowNanos - fromNanos;
            if (elapsed < WINDOW.toNanos()) return -1;
            double stalled = (totalMicros - fromMicros) * 1000.0 / elapsed;
            fromNanos = nowNanos; fromMicros = totalMicros;
            if (stalled < share / 2) risen = false;
            if (stalled < share || risen) return -1;
            risen = true;
            return stalled;
        }
    }
}
