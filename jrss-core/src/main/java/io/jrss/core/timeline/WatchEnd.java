// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

/**
 * How a watch ended, for reports.
 *
 * @param reason why it ended; the JSON spells it as the constant's name
 * @param detail one sentence
 */
public record WatchEnd(Reason reason, String detail) {
    /** Why a span of samples ended: a watch's own ends, or the kind of input a span read back came from. */
    public enum Reason {
        /** The requested duration passed. */ duration,
        /** Stopped by the user (Ctrl-C). */ stopped,
        /** The target exited. */ target_exited,
        /** The kernel's OOM killer ended the target at its cgroup's memory limit. */ oom_killed,
        /** The target stopped answering. */ unanswered,
        /** Writing the recording failed (a full disk); the samples before were kept. */ record_failed,
        /** A recording read back. */ recording,
        /** A JFR recording read back. */ jfr,
        /** A VM.vitals history or a GC log read back. */ history
    }
}
