// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.time.Instant;

/**
 * What an opt-in probe that changes the target did, as the probe saw it: the command, the JVM's answer verbatim, and
 * for a trim the target's /proc status just before and just after. A recording keeps these texts; what they mean
 * (the RSS a trim gave back, NMT's growth since the baseline) is read by {@code analysis.ProbeOutcome}.
 *
 * @param name         "trim", "nmt-baseline" or "nmt-diff"
 * @param answered     true when the JVM answered the command; false when it did not run, and {@code answer} says why
 * @param answer       the JVM's answer, verbatim, or why the command did not run
 * @param statusBefore /proc/pid/status just before a trim, or null
 * @param statusAfter  /proc/pid/status just after a trim, or null
 */
public record ProbeResult(String name, String command, Instant time, boolean answered, String answer, String statusBefore, String statusAfter) {
    public static final String TRIM = "trim", NMT_BASELINE = "nmt-baseline", NMT_DIFF = "nmt-diff", LIVE = "live";

    public static ProbeResult skipped(String name, String command, Instant time, String why) {
        return new ProbeResult(name, command, time, false, why, null, null);
    }
}
