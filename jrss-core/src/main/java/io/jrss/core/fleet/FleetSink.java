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

        /** The culprit readings the findings of its last verdict ask for: the sampler takes them. */
        default java.util.List<io.jrss.core.snapshot.CulpritAsk> culprits() { return java.util.List.of(); }
    }
}
