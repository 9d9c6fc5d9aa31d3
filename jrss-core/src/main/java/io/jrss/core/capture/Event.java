// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.time.Instant;

/**
 * Something that happened during a watch, for the report and the charts' markers.
 *
 * @param kind what sort of thing happened; JSON and the recording spell the constant's name
 * @param what the finding id, the probe's command, or a short word ("exited", "unanswered", "disk-full")
 * @param text one sentence for people
 */
public record Event(Instant time, Kind kind, String what, String text) {
    /** {@code what} of a capture kept as the footprint neared the container's limit; its text ends "(kept in DIR)". */
    public static final String LIMIT_CAPTURE = "limit-capture";
    /** {@code what} of the kernel's OOM killer ending the target. */
    public static final String OOM_KILL = "oom-kill";

    /** The sorts of things a watch records. */
    public enum Kind {
        /** A finding id was first raised. */ finding,
        /** jrss changed the target on request: a trim, an NMT baseline. */ probe,
        /** The target exited or stopped answering. */ target,
        /** Sampling or recording trouble. */ watch
    }
}
