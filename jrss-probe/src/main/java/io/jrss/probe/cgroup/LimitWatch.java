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
 * One JVM's footprint against its container's limit, polled cheaply and as often as the distance to the next fraction
 * asks: the cgroup's usage (one small file) and the JVM's RSS ({@code /proc/<pid>/statm}) on every poll; the working set
 * (usage less inactive file pages) only once usage has reached a fraction, so that page cache alone never counts as a
 * crossing. The next poll comes when a leak of {@link #FASTEST_LEAK} could have covered the distance to the next
 * fraction, between {@link #MIN_POLL} and {@link #MAX_POLL}: a slower leak is seen within {@link #MIN_POLL} of crossing.
 * Also follows the cgroup's count of OOM kills, to tell the kernel's kill from an exit once the JVM is gone.
 */
public final class LimitWatch {
    /** The fastest growth each poll's timing allows for; at 256 MiB/s a 768 MiB limit is crossed at 75% 0.75 s before the kill. */
    public static final long FASTEST_LEAK = 256L << 20;
    public static final Duration MIN_POLL = Duration.ofMillis(100), MAX_POLL = Duration.ofSeconds(2);

    /** A fraction first crossed: the footprint that crossed it (the larger of working set and RSS), with what it was made of. */
    public record Crossing(double fraction, long footprint, long limit, long usage, long workingSet, long rss) {
        public double share() { return (double) footprint / limit; }
    }

    /**
     * What a poll saw: a crossing or null, whether the footprint is past the first fraction (where a kill may come, so
     * polls come every {@link #MIN_POLL}), whether the process is gone, and when to poll next.
     */
    public record Poll(Crossing crossing, boolean near, boolean gone, Duration next) {}

    private final int pid;
    private final MemoryCgroup cgroup;
    private final List<Double> fractions;
    /** The kernel's page size, the unit of statm: this process's VmRSS over its statm pages, to the nearest power of two. */
    static final long PAGE_SIZE = pageSize();
    private long limit;
    private int nextFraction;

    /** @param fractions ascending, each in (0, 1] */
    public LimitWatch(int pid, MemoryCgroup cgroup, List<Double> fractions) {
        this.pid = pid; this.cgroup = cgroup; this.fractions = List.copyOf(fractions);
        this.limit = cgroup.limit();
    }

    public MemoryCgroup cgroup() { return cgroup; }

    public long limit() { return limit; }

    public Poll poll() {
        long usage = cgroup.usage(), rss = rss();
        if (rss < 0) return new Poll(null, false, true, MAX_POLL);
        if (limit <= 0) return new Poll(null, false, false, MAX_POLL);
        boolean near = !fractions.isEmpty() && Math.max(usage, rss) >= fractions.get(0) * limit;
        if (nextFraction >= fractions.size()) return new Poll(null, near, false, near ? MIN_POLL : MAX_POLL);
        long threshold = (long) (fractions.get(nextFraction) * limit);
        long workingSet = usage >= threshold ? cgroup.workingSet(usage) : -1;
        long footprint = Math.max(workingSet, rss);
        if (footprint >= threshold) {
            double crossed = fractions.get(nextFraction);
            while (nextFraction < fractions.size() && footprint >= fractions.get(nextFraction) * limit) crossed = fractions.get(nextFraction++);
            return new Poll(new Crossing(crossed, footprint, limit, usage, workingSet, rss), true, false, MIN_POLL);
        }
        return new Poll(null, near, false, near ? MIN_POLL : next(threshold - Math.max(usage, rss)));
    }

    static Duration next(long distance) {
        long ms = distance * 1000 / FASTEST_LEAK;
        return Duration.ofMillis(Math.max(MIN_POLL.toMillis(), Math.min(MAX_POLL.toMillis(), ms)));
    }

    /** Resident bytes from statm's second field, or -1 once the process is gone. */
    private long rss() {
        long pages = statmPages(Integer.toString(pid));
        return pages < 0 ? -1 : pages * PAGE_SIZE;
    }

    private static long statmPages(String pid) {
        try (InputStream in = Files.newInputStream(Path.of("/proc/" + pid + "/statm"))) {
            String[] f = new String(in.readNBytes(256), StandardCharsets.US_ASCII).split(" ");
            return f.length > 1 ? Long.parseLong(f[1].strip()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private static long pageSize() {
        try {
            long pages = statmPages("self");
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (!line.startsWith("VmRSS:") || pages <= 0) continue;
                long bytes = Long.parseLong(line.replaceAll("\\D", "")) << 10;
                return Long.highestOneBit(bytes / pages + (bytes / pages >> 1));
            }
        } catch (IOException | NumberFormatException e) {
            // falls through to the common size
        }
        return 4096;
    }
}
