// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.rules.Finding;
import java.time.Duration;
import java.time.Instant;

/**
 * A finding that held for part of a watch and then went away: fragmentation that a later free undid, a cache that
 * was emptied, a limit that was neared and left. It is reported beside the findings, so that "nothing found" means
 * nothing was there, not that it was gone by the end.
 *
 * @param atPeak  the finding as raised at its peak (highest severity, then highest RSS): title, evidence, remedy
 * @param started the first full sample that raised it
 * @param ended   the first full sample after its last sighting that no longer raised it
 * @param peakAt  when {@code atPeak} was raised
 * @param raised  how many full samples raised it, of {@code samples} full samples from its start to its end
 */
public record Episode(Finding atPeak, Instant started, Instant lastSeen, Instant ended, Instant peakAt, int raised, int samples) {
    public String id() { return atPeak.id(); }

    /** From its first sighting to the sample that no longer saw it. */
    public Duration span() { return Duration.between(started, ended); }
}
