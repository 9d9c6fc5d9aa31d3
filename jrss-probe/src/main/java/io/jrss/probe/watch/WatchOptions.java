// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How to watch a JVM.
 *
 * @param interval      time between samples (cheap readings)
 * @param fullInterval  time between full samples (with smaps and the ledger); the first and last are always full
 * @param duration      when to stop, or null to run until stopped or the target exits
 * @param timeout       the limit for attaching and for each command
 * @param record        the directory to keep every capture and the events in, or null
 * @param trimProbe     at the end, run System.trim_native_heap and measure what RSS came back (changes the target)
 * @param nmtBaseline   at the start, take an NMT baseline; at the end, read summary.diff (changes NMT's state)
 * @param liveProbe     once, at half the duration (a minute in without one), GC.run before a sample, so that the old
 *                      generation it reads is the live set (changes the target: one full collection)
 * @param maxUnanswered samples in a row that may go unanswered before the watch ends
 * @param culprits      which culprit readings a finding that fires may take ({@code core.snapshot.CulpritAsk#allowedBy}):
 *                      "read" for those that only read (thread dumps, class loader statistics, Compiler.memory), the
 *                      opt-ins by name ("histogram": a full collection first); empty for none
 * @param captureAt     the captures kept when the footprint nears the container's limit; with no directory, they go under
 *                      the recording, or nowhere without one
 */
public record WatchOptions(Duration interval, Duration fullInterval, Duration duration, Duration timeout, Path record,
                           boolean nmtDetail, boolean trimProbe, boolean nmtBaseline, boolean liveProbe, int maxUnanswered,
                           java.util.Set<String> culprits, CaptureAt captureAt) {
    public WatchOptions {
        if (interval.isNegative() || interval.isZero()) throw new IllegalArgumentException("the interval must be positive");
        if (fullInterval.compareTo(interval) < 0) fullInterval = interval;
        culprits = java.util.Set.copyOf(culprits);
        if (record != null) captureAt = captureAt.orIn(record.resolve("captures"));
    }

    /** A watch that keeps no captures near the limit. */
    public WatchOptions(Duration interval, Duration fullInterval, Duration duration, Duration timeout, Path record,
                        boolean nmtDetail, boolean trimProbe, boolean nmtBaseline, int maxUnanswered, java.util.Set<String> culprits) {
        this(interval, fullInterval, duration, timeout, record, nmtDetail, trimProbe, nmtBaseline, false, maxUnanswered, culprits, CaptureAt.OFF);
    }

    /** When the live probe runs: half the duration, or a minute in when the watch has none. */
    public Duration liveProbeAt() { return duration == null ? Duration.ofMinutes(1) : duration.dividedBy(2); }

    /** These options with the live probe on. */
    public WatchOptions withLiveProbe() {
        return new WatchOptions(interval, fullInterval, duration, timeout, record, nmtDetail, trimProbe, nmtBaseline, true, maxUnanswered, culprits, captureAt);
    }
}
