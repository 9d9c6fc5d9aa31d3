// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.timeline.WatchEnd;
import java.nio.file.Path;

/**
 * How a watch ended. What it gathered is the {@code SampleSink}'s.
 *
 * @param end       why it ended
 * @param detail    one sentence on how it ended
 * @param recording the recording directory, or null
 */
public record WatchResult(WatchEnd.Reason end, String detail, Path recording) {
    /** True when jrss itself failed to do what was asked (the report is still printed). */
    public boolean failed() { return end == WatchEnd.Reason.record_failed; }
}
