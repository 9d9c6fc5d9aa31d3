// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.rules.Finding;

/**
 * One finding id on both sides: raised after and not before (appeared), before and not after (went away), or on
 * both, where its severity and title may have moved.
 */
public record FindingChange(String id, Finding before, Finding after) {
    public enum Status { appeared, went_away, stayed }

    public Status status() { return before == null ? Status.appeared : after == null ? Status.went_away : Status.stayed; }

    /** The finding as last seen: after's where it has one. */
    public Finding latest() { return after != null ? after : before; }
}
