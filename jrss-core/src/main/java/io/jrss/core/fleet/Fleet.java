// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import java.time.Duration;
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
        });
        jvms.add(s);
        notes.accept(name(labels) + " found: sampling it");
        return s;
    }

    @Override
    public void census(Map<String, Integer> jvmsByState) { census = Map.copyOf(jvmsByState); }

    /** The last reading of every JVM watched now, by pid. */
    public List<JvmReading> readings() {
        return jvms.stream().map(JvmState::reading).sorted(Comparator.comparingInt(r -> r.labels().pid())).toList();
    }

    /** "pid 4242 (com.example.Main, container 3f4b1c9e8d7a)": how the notes name a JVM. */
    static String name(JvmLabels l) {
        return "pid " + l.pid() + " (" + l.jvm() + (l.container().isEmpty() ? "" : ", container " + l.container()) + ")";
    }

    /** The local JVMs the last look found, by state. */
    public Map<String, Integer> census() { return census; }
}
