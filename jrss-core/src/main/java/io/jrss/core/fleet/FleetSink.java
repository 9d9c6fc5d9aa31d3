// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import io.jrss.core.capture.Capture;
import java.time.Duration;
import java.util.Map;

/**
 * Where an exporter's samples of many JVMs go, as the probe takes them. Like {@link io.jrss.core.timeline.SampleSink} for one watch: the
 * probe finds JVMs and fetches; the sink judges and keeps what a scrape reads.
 */
public interface FleetSink {
    /** A JVM the probe will sample from now on; returns where its samples go. */
    Target found(JvmLabels labels);

    /** How many local JVMs the last look found, by state ("watched", "unattachable", "excluded"). */
    void census(Map<String, Integer> jvmsByState);

    /** One JVM's samples. Called by one worker at a time for a given JVM. */
    interface Target {
        /**
         * A capture (full or cheap) that took {@code took}; returns true when the next sample should be a full one
         * (the footprint moved since the last ledger).
         */
        boolean keep(Capture capture, Duration took);

        /** A sample that could not be taken: the attach failed or the target did not answer. */
        void failed(String why, Duration took);

        /** The JVM exited or is no longer watched: its series end. */
        void gone();

        /** What a capture taken near the container's limit says in one sentence (the row that grew, its findings). */
        default String limitCapture(Capture capture) { return "not judged"; }

        /** Something that happened to it between samples (a capture kept near its limit, in {@code capture}, or null). */
        default void event(io.jrss.core.capture.Event e, String capture) {}

        /** The kernel's OOM killer ended it ({@code kill} says how that is known): its last verdict, with the kill, stays a while. */
        default void killed(io.jrss.core.capture.Event kill) { gone(); }

        /** The culprit readings the findings of its last verdict ask for: the sampler takes them. */
        default java.util.List<io.jrss.core.snapshot.CulpritAsk> culprits() { return java.util.List.of(); }
    }
}
