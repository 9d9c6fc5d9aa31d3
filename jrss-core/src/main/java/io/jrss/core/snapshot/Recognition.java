// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import java.util.List;

/**
 * How an output is recognised when it is pasted into {@code jrss analyze}, declared on its {@link CaptureFile}: what
 * people call it (the words analyze reports it found), the {@link Cue}s that start it, whether it holds other
 * outputs inside (hs_err, VM.info, VM.vitals: once seen, the rest of the paste is theirs) and whether a second paste
 * of it adds to the first (another time of one process) instead of replacing it.
 */
public record Recognition(String what, boolean holdsOthers, boolean accumulates, List<Cue> cues) {

    public static Recognition of(String what, Cue... cues) { return new Recognition(what, false, false, List.of(cues)); }

    /** The same, holding other outputs: the rest of the paste is this one's. */
    public Recognition holdingOthers() { return new Recognition(what, true, accumulates, cues); }

    /** The same, a second paste of it being another time: kept with the first, in order. */
    public Recognition accumulating() { return new Recognition(what, holdsOthers, true, cues); }
}
