// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of one arm: the program started under the arm's set-up, watched to its end.
 *
 * @param detail         how it ended, as a sentence ("exited with status 0", "no JVM answered within 60 s")
 * @param rss            RSS at every sample, seconds since the first
 * @param cpuSeconds     user + system CPU of the program and its children, or null when unknown
 * @param exitStatus     the program's exit status (143 after jrss's SIGTERM), or null if it could not be had
 * @param metric         the last value the --metric pattern matched in the program's output, or null
 * @param allocatorSeen  the malloc found mapped in the target ("glibc", "jemalloc", ...), or null if never read
 * @param allocatorStats the allocator's own figures: at exit for a preloaded one, from the last sample for glibc
 * @param diagnosis      the watch's diagnosis (the ledger at the end, findings), or null if no full sample was taken
 */
public record ArmRun(int run, Status status, String detail, List<Point> rss, double wallSeconds, Double cpuSeconds, Integer exitStatus,
                     Double metric, String allocatorSeen, Map<String, Bytes> allocatorStats, TimelineDiagnosis diagnosis) {
    public enum Status {
        /** Exited by itself with status 0. */ exited,
        /** Still running at --duration and stopped by jrss: a service measured for a while. */ stopped,
        /** Exited with a non-zero status or died of a signal jrss did not send. */ failed,
        /** Did not exit within --arm-timeout, or stopped answering: killed. */ hung,
        /** Never became a JVM jrss could watch (a bad flag, a missing library, a start-up timeout). */ not_started,
        /** Ctrl-C stopped it; not measured. */ interrupted
    }

    /** A run that never became a JVM jrss could watch, or an arm skipped before it ran: nothing measured, {@code why} said. */
    public static ArmRun notStarted(int run, String why, double wallSeconds, Double cpuSeconds, Integer exitStatus) {
        return new ArmRun(run, Status.not_started, why, List.of(), wallSeconds, cpuSeconds, exitStatus, null, null, Map.of(), null);
    }

    /** RSS at {@code seconds} since the run's first sample. */
    public record Point(double seconds, Bytes rss) {}

    public ArmRun {
        rss = List.copyOf(rss);
        allocatorStats = Collections.unmodifiableMap(new LinkedHashMap<>(allocatorStats)); // in the allocator's own order
    }

    /** The directory, under compare's --record, that keeps this run's recording: "glibc-1", "arena2-2". */
    public static String recordingName(String arm, int run) { return arm + "-" + run; }

    /** A run the comparison can use: it ran as a program runs (to its end or to --duration) and was sampled. */
    public boolean measured() { return (status == Status.exited || status == Status.stopped) && !rss.isEmpty(); }

    public Bytes peak() { return rss.stream().map(Point::rss).max(Bytes::compareTo).orElse(Bytes.ZERO); }

    /** The median RSS of the last half of the samples: where the program settled, not its start-up. */
    public Bytes steady() { return steady(rss); }

    static Bytes steady(List<Point> rss) {
        if (rss.isEmpty()) return Bytes.ZERO;
        List<Bytes> tail = new ArrayList<>(rss.subList(rss.size() / 2, rss.size()).stream().map(Point::rss).toList());
        return median(tail);
    }

    static Bytes median(List<Bytes> values) {
        List<Bytes> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : Bytes.of((sorted.get(n / 2 - 1).value() + sorted.get(n / 2).value()) / 2);
    }
}
