// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.RuleResult;

/**
 * Judges a timeline. Its id is a finding id; when a snapshot rule has the same id, the timeline rule's result
 * replaces it (it sees the snapshot finding in {@link TimelineFacts} and may carry it forward). Pure.
 */
public interface TimelineRule {
    String id();

    RuleResult evaluate(TimelineFacts facts);

    /**
     * True when the whole watch shows that what single full samples raised under this id was not so (a pool whose
     * chunks looked like threads' cached buffers until it outgrew the threads): their episodes are dropped too.
     */
    default boolean disproves(TimelineFacts facts) { return false; }

    default RuleResult notEvaluated(String reason) { return new RuleResult.NotEvaluated(id(), reason); }

    default RuleResult tooShort(TimelineFacts f) {
        return notEvaluated("the watch is too short to judge growth (" + f.timeline().samples().size() + " samples over "
                + f.timeline().span().toSeconds() + " s; needs " + TimelineFacts.MIN_SAMPLES + " over " + TimelineFacts.MIN_SPAN.toSeconds() + " s)");
    }
}
