// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

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

/** code-cache-full over time: the snapshot verdict, or a code cache on course to fill within the hour. */
public final class CodeCacheTrendRule extends CarriedForwardRule {
    public CodeCacheTrendRule() { super(Findings.CODE_CACHE_FULL.id(), Signals.CODE_CACHE_USED.name(), "code_cache_used", true); }

    @Override protected RuleResult byTrend(TimelineFacts f, Growth g, Duration ttl) {
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "The code cache fills " + TrendEvidence.rate(g, true) + " and is full in about " + TrendEvidence.human(ttl) + "; then the JIT stops",
                TrendEvidence.add(Evidence.builder(), "code_cache_used", g, true).value("ruled_out", "JIT warm-up, which levels off: past the JVM's first minute it still filled "
                        + TrendEvidence.rate(g, true) + ", and in the second half of that at " + Evidence.pct(g.pace()) + " of its whole pace").build(),
                List.of("Give it room: -XX:ReservedCodeCacheSize=256m (the default with tiered compilation is 240m)",
                        "If it keeps filling, look for generated classes that are compiled and never unloaded: jcmd " + f.pid() + " Compiler.codelist"),
                Confidence.medium));
    }
}
