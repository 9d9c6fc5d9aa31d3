// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.Event;
import io.jrss.core.capture.ProbeResult;
import java.util.List;

/**
 * Where a watch's captures go as the probe takes them. The probe fetches and never judges; the sink judges: what a
 * sample shows, which findings it raised, whether the footprint moved enough that the ledger is due now, and what a
 * probe's answer means.
 */
public interface SampleSink {
    /**
     * What keeping one sample decided.
     *
     * @param raised      findings raised for the first time, as events for the recording
     * @param fullBecause why a full sample should be taken right away (the footprint moved), or null
     * @param culprits    the culprit readings the findings of the verdict reached at this sample ask for, or null when
     *                    no verdict was reached at this sample: a watch takes them
     */
    record Kept(List<Event> raised, String fullBecause, List<io.jrss.core.snapshot.CulpritAsk> culprits) {}

    Kept keep(Capture capture);

    /** An event of the watch itself: the target did not answer, the recording failed. */
    void event(Event e);

    /** A probe ran (or could not): returns the event that says what it did, for the recording. */
    Event probed(ProbeResult r);

    /** True when the last sample kept was a full one (a watch ends on a full sample while the target lives). */
    boolean lastIsFull();

    /** Why a trim probe cannot be measured on this target (an allocator other than glibc's is preloaded), or null. */
    String trimUnmeasurable();

    /** What a capture taken near the container's limit says in one sentence (the row that grew, its findings). */
    default String limitCapture(Capture capture) { return "not judged"; }
}
