// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import io.jrss.core.capture.FleetSink;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every JVM an exporter watches, as the scrapes see them: the probe adds and removes them ({@link FleetSink}), a scrape
 * reads {@link #readings()}, the last reading of each, without waiting for any sample. Memory is bounded: a JVM keeps a
 * window of samples, and a JVM that exits is forgotten.
 */
public final class Fleet implements FleetSink {
    private final Duration interval;
    private final int window;
    private final Set<JvmState> jvms = ConcurrentHashMap.newKeySet();
    private volatile Map<String, Integer> census = Map.of();

    /**
     * @param interval the sampling interval (the timeline's step)
     * @param window   how many samples of each JVM the rules and trends look back over
     */
    public Fleet(Duration interval, int window) {
        this.interval = interval;
        this.window = window;
    }

    @Override
    public Target found(JvmLabels labels) {
        JvmState s = new JvmState(labels, interval, window, jvms::remove);
        jvms.add(s);
        return s;
    }

    @Override
    public void census(Map<String, Integer> jvmsByState) { census = Map.copyOf(jvmsByState); }

    /** The last reading of every JVM watched now, by pid. */
    public List<JvmReading> readings() {
        return jvms.stream().map(JvmState::reading).sorted(Comparator.comparingInt(r -> r.labels().pid())).toList();
    }

    /** The local JVMs the last look found, by state. */
    public Map<String, Integer> census() { return census; }
}
