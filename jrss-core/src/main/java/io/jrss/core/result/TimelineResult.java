// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.timeline.WatchEnd;
import java.util.List;

/**
 * A span of time: a watch or run as it ends, a recording read back, a JFR file, a VM.vitals history or a GC log.
 *
 * @param end    how it ended (a watch), or what the history was (a recording, a JFR file, a paste)
 * @param probes what the opt-in probes that change the target did (trim, NMT baseline), live or as recorded
 */
public record TimelineResult(TimelineDiagnosis diagnosis, WatchEnd end, List<ProbeOutcome> probes) implements Result {
    public TimelineResult { probes = List.copyOf(probes); }
}
