// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.time.Duration;
import java.util.List;

/** container-limit-risk over time: the snapshot verdict (the JVM cannot fit), or RSS on course to the limit. */
public final class ContainerLimitTrendRule extends CarriedForwardRule {
    public ContainerLimitTrendRule() { super("container-limit-risk", Signals.RSS, "rss", true); }

    @Override protected RuleResult byTrend(TimelineFacts f, Growth g, Duration ttl) {
        return RuleResult.fired(new Finding(id(), ttl.compareTo(VERY_SOON) < 0 ? Severity.critical : Severity.warning,
                "RSS grows " + TrendEvidence.rate(g, true) + " and reaches the container limit in about " + TrendEvidence.human(ttl),
                TrendEvidence.add(new Evidence(), "rss", g, true).build(),
                List.of("Read the other findings: they say which part of the ledger grows",
                        "Until it is fixed, give the container room for max heap + non-heap peaks, or lower -Xmx"),
                "medium"));
    }
}
