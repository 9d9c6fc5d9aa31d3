// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import java.nio.file.Path;

/**
 * How a watch ended. What it gathered is the {@code SampleSink}'s.
 *
 * @param end       why it ended
 * @param detail    one sentence on how it ended
 * @param recording the recording directory, or null
 */
public record WatchResult(End end, String detail, Path recording) {
    public enum End {
        /** The requested duration passed. */ duration,
        /** Stopped by the user (Ctrl-C). */ stopped,
        /** The target exited. */ target_exited,
        /** The target stopped answering. */ unanswered,
        /** Writing the recording failed (a full disk); the samples before were kept. */ record_failed
    }

    /** True when jrss itself failed to do what was asked (the report is still printed). */
    public boolean failed() { return end == End.record_failed; }
}
