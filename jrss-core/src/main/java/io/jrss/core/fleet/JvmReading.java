// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import io.jrss.core.rules.Finding;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a scrape shows of one JVM: the last sample's signals, the last ledger, the findings and trends of the window,
 * and how sampling it went. Immutable: a scrape reads the last one and never waits for a sample.
 *
 * @param time        when the last sample was taken; null before the first
 * @param signals     the last sample's signals ({@code timeline.Signals}), bytes or counts
 * @param rows        the last full sample's ledger rows in bytes, by row id (they sum to its RSS)
 * @param limits      the limits the signals run against ({@code timeline.Limits}): the container's, the heap's
 * @param liveHeap    the live heap after GC (the floor of the old generation) over the window, or null
 * @param findings    the findings raised now
 * @param rowTrends   bytes per hour, by ledger row, over the window's full samples (rows with at least 3)
 * @param rssTrend    RSS bytes per hour over the window, or null under 3 samples
 * @param health      how sampling this JVM went
 */
public record JvmReading(JvmLabels labels, Instant time, Map<String, Double> signals, Map<String, Long> rows, Map<String, Double> limits,
                         Double liveHeap, List<Finding> findings, Map<String, Double> rowTrends, Double rssTrend, Health health, MxPools pools,
                         io.jrss.core.size.Sizing sizing) {

    /**
     * @param lastSample how long the last sample of each kind ("cheap", "full") took
     * @param samples    samples taken, by kind
     * @param failures   samples that could not be taken (attach refused, no answer)
     * @param lastError  why the last sample failed, or null when it did not
     * @param lastCapture the directory of the last capture kept as it neared its container's limit, or null
     * @param killed     true once the kernel's OOM killer ended it: its last verdict is kept a while ({@link Fleet#KEEP_KILLED})
     */
    public record Health(Map<String, Duration> lastSample, Map<String, Long> samples, long failures, String lastError, String lastCapture, boolean killed) {}

    /** Before the first sample: only health to show. */
    static JvmReading none(JvmLabels labels, Health health) {
        return new JvmReading(labels, null, Map.of(), Map.of(), Map.of(), null, List.of(), Map.of(), null, health, null, null);
    }
}
