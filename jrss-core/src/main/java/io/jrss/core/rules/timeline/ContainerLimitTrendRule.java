// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.time.Duration;
import java.util.List;

/**
 * container-limit-risk over time: the kernel's OOM kill the watch saw ({@link OomKillSeen}), else the snapshot verdict (the JVM cannot fit), or RSS on course to the limit by more
 * than first touching the heap it had committed could explain ({@link FirstTouch}).
 */
public final class ContainerLimitTrendRule extends CarriedForwardRule {
    public ContainerLimitTrendRule() { super(Findings.CONTAINER_LIMIT_RISK.id(), Signals.RSS.name(), "rss", true); }

    /** A kill the watch saw comes first: nothing the trend says is stronger. */
    @Override public RuleResult evaluate(TimelineFacts f) {
        return OomKillSeen.of(f.timeline()).map(RuleResult::fired).orElseGet(() -> super.evaluate(f));
    }

    @Override protected RuleResult byTrend(TimelineFacts f, Growth g, Duration ttl) {
        Bytes room = FirstTouch.room(f.timeline());
        if (room == null) return notEvaluated("RSS grows " + TrendEvidence.rate(g, true) + " toward the container limit, but without a full sample"
                + " of the heap jrss cannot tell it from the JVM first touching memory it had committed");
        if (g.delta() <= room.value() + (16 << 20)) return RuleResult.quiet(); // first touch of the committed heap explains it
        return RuleResult.fired(new Finding(id(), ttl.compareTo(VERY_SOON) < 0 ? Severity.critical : Severity.warning,
                "RSS grows " + TrendEvidence.rate(g, true) + " and reaches the container limit in about " + TrendEvidence.human(ttl),
                TrendEvidence.add(Evidence.builder(), "rss", g, true).bytes("first_touch_room", room)
                        .value("ruled_out", "the JVM first touching memory it had committed: RSS grew " + Bytes.of(Math.round(g.delta())).toIec()
                                + ", more than the " + room.toIec() + " of heap that was committed and not yet resident").build(),
                List.of("Read the other findings: they say which part of the ledger grows",
                        "Until it is fixed, give the container room for max heap + non-heap peaks, or lower -Xmx"),
                Confidence.medium));
    }
}
