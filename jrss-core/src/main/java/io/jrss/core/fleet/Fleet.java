// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Every JVM an exporter watches, as the scrapes see them: the probe adds and removes them ({@link FleetSink}), a scrape
 * reads {@link #readings()}, the last reading of each, without waiting for any sample. Memory is bounded: a JVM keeps a
 * window of samples, and a JVM that exits is forgotten.
 */
public final class Fleet implements FleetSink {
    private final Duration interval;
    private final int window;
    private final Consumer<String> notes;
    private final Set<JvmState> jvms = ConcurrentHashMap.newKeySet();
    private volatile Map<String, Integer> census = Map.of();

    /**
     * @param interval the sampling interval (the timeline's step)
     * @param window   how many samples of each JVM the rules and trends look back over
     * @param notes    told, in one line, when a JVM starts to be watched, fails its first sample after a good one
     *                 (or its very first), answers again, and leaves: an operator's log, not a line per sample
     */
    public Fleet(Duration interval, int window, Consumer<String> notes) {
        this.interval = interval;
        this.window = window;
        this.notes = notes;
    }

    public Fleet(Duration interval, int window) { this(interval, window, n -> { }); }

    @Override
    public Target found(JvmLabels labels) {
        JvmState s = new JvmState(labels, interval, window, notes, gone -> {
            jvms.remove(gone);
            notes.accept(name(labels) + " is gone: its series end");
        }, this::killed);
        jvms.removeIf(j -> j.labels().pid() == labels.pid()); // a killed JVM kept for its verdict whose pid was reused: two series must not share labels
        jvms.add(s);
        Killed before = lastKilled.get(Lineage.of(labels));
        if (before != null && before.at().isAfter(Instant.now().minus(KEEP_KILLED))) { // a restart, not a JVM of the same name days later
            predecessors.put(labels.pid(), before);
            notes.accept(name(labels) + " found: sampling it; it follows pid " + before.pid() + ", killed by the kernel at its limit"
                    + (before.capture() == null ? "" : "; the last capture before that kill: " + before.capture()));
        } else {
            notes.accept(name(labels) + " found: sampling it");
        }
        return s;
    }

    /** The kernel killed a JVM: counted, its state kept {@link #KEEP_KILLED} for its last verdict, and one line said. */
    private void killed(JvmState s) {
        JvmReading r = s.reading();
        Lineage l = Lineage.of(s.labels());
        oomKills.merge(l, 1L, Long::sum);
        lastKilled.put(l, new Killed(s.labels().pid(), r.health().lastCapture(), Instant.now()));
        notes.accept(name(s.labels()) + " was killed by the kernel's OOM killer at its container's memory limit"
                + (r.health().lastCapture() == null ? "; no capture was kept before" : "; the last capture before: " + r.health().lastCapture())
                + "; its last verdict stays on /metrics for " + KEEP_KILLED.toMinutes() + " min");
    }

    /** How long a JVM the kernel killed keeps its series and last verdict on /metrics. */
    public static final Duration KEEP_KILLED = Duration.ofMinutes(15);

    /** A JVM the kernel killed, for the one of its lineage that follows: its pid, its last capture, and when. */
    public record Killed(int pid, String capture, Instant at) {}

    /** The JVMs of one service, across restarts: the same pod (or container, outside a pod) and the same main class. */
    public record Lineage(String jvm, String container, String pod) {
        static Lineage of(JvmLabels l) { return new Lineage(l.jvm(), l.pod().isEmpty() ? l.container() : "", l.pod()); }
    }

    private final Map<Lineage, Long> oomKills = new ConcurrentHashMap<>();
    private final Map<Lineage, Killed> lastKilled = new ConcurrentHashMap<>();
    private final Map<Integer, Killed> predecessors = new ConcurrentHashMap<>();

    /** How many JVMs of each lineage the kernel's OOM killer ended since the exporter started. */
    public Map<Lineage, Long> oomKills() { return Map.copyOf(oomKills); }

    /** The killed predecessor of each JVM watched now that has one, by pid. */
    public Map<Integer, Killed> predecessors() {
        predecessors.keySet().removeIf(pid -> jvms.stream().noneMatch(j -> j.labels().pid() == pid));
        return Map.copyOf(predecessors);
    }

    @Override
    public void census(Map<String, Integer> jvmsByState) { census = Map.copyOf(jvmsByState); }

    /** The last reading of every JVM watched now, and of those killed in the last {@link #KEEP_KILLED}, by pid. */
    public List<JvmReading> readings() {
        Instant forget = Instant.now().minus(KEEP_KILLED);
        jvms.removeIf(j -> j.killedAt() != null && j.killedAt().isBefore(forget));
        return jvms.stream().map(JvmState::reading).sorted(Comparator.comparingInt(r -> r.labels().pid())).toList();
    }

    /** "pid 4242 (com.example.Main, container 3f4b1c9e8d7a)": how the notes name a JVM. */
    static String name(JvmLabels l) {
        return "pid " + l.pid() + " (" + l.jvm() + (l.container().isEmpty() ? "" : ", container " + l.container()) + ")";
    }

    /** The local JVMs the last look found, by state. */
    public Map<String, Integer> census() { return census; }
}
