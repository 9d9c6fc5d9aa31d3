// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

/**
 * The facts a capture's (or a recording's) {@code info} holds, one key each, spelled as info.properties spells them.
 * Probes write them, parsers read them, both through this type.
 */
public enum CaptureInfo {
    /** The target's pid. */ PID("pid"),
    /** When the capture started (an ISO instant). */ CAPTURED_AT("captured_at"),
    /** The jrss that took it. */ JRSS_VERSION("jrss_version"),
    /** How many values the redactor replaced. */ REDACTED_VALUES("redacted_values"),
    /** "full" or "cheap": a sample of a watch (absent for a one-off capture or a paste). */ SAMPLE("sample"),
    /** Why nothing of the capture is reported: the target exited or its pid was reused meanwhile. */ GONE("gone"),
    /** "true" when the target did not answer. */ UNANSWERED("unanswered"),
    /** Why a watch took a full sample before its time (the footprint moved). */ FULL_BECAUSE("full_because"),
    /** The cgroup version, 1 or 2. */ CGROUP_VERSION("cgroup.version"),
    /** A recording's sampling interval. */ INTERVAL_MS("interval_ms"),
    /** A recording's interval between full samples. */ FULL_INTERVAL_MS("full_interval_ms"),
    /** When a recording started (an ISO instant). */ STARTED_AT("started_at");

    private final String key;

    CaptureInfo(String key) { this.key = key; }

    /** The key as info.properties spells it. */
    public String key() { return key; }

    /** Where a cgroup controller's files were read from: a key per controller. */
    public static String cgroupPath(String controller) { return "cgroup." + controller + ".path"; }
}
