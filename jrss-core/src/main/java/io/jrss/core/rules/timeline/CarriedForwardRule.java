// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.trend.Growth;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * For a finding one snapshot already proves (glibc-fragmentation, glibc-arena-bloat, code-cache-full,
 * container-limit-risk): the last full snapshot's finding, with the trend of its signal added as evidence. When the
 * snapshot shows nothing, the trend alone can raise it if it reaches the signal's limit within {@link #SOON} at a
 * pace that outlasts start-up ({@link Growth#outlasts}).
 */
public class CarriedForwardRule implements TimelineRule {
    static final Duration SOON = Duration.ofHours(1), VERY_SOON = Duration.ofMinutes(10);

    private final String id, signal, key;
    private final boolean bytes;

    CarriedForwardRule(String id, String signal, String key, boolean bytes) {
        this.id = id; this.signal = signal; this.key = key; this.bytes = bytes;
    }

    @Override public String id() { return id; }

    @Override public RuleResult evaluate(TimelineFacts f) {
        var snapshot = f.snapshotFinding(id);
        Growth g = f.growth(signal, bytes ? 1 << 20 : 1);
        boolean judged = f.longEnough() && g.whole().samples() >= TimelineFacts.MIN_SAMPLES;
        if (snapshot.isPresent()) {
            if (!judged) return RuleResult.fired(snapshot.get());
            Map<String, Object> evidence = new LinkedHashMap<>(snapshot.get().evidence());
            TrendEvidence.add(new Evidence(), key, g, bytes).build().forEach(evidence::putIfAbsent);
            Finding s = snapshot.get();
            return RuleResult.fired(new Finding(id, escalate(s.severity(), g), s.title() + trendClause(g), evidence, s.remedy(), s.confidence()));
        }
        if (!judged) return f.longEnough() ? RuleResult.quiet() : tooShort(f);
        Duration ttl = g.whole().timeToLimit();
        if (!g.outlasts(bytes ? 1 << 20 : 1) || ttl == null || ttl.compareTo(SOON) >= 0) return RuleResult.quiet();
        return byTrend(f, g, ttl);
    }

    /** The finding when only the trend shows it; subclasses say it in their own words. */
    protected RuleResult byTrend(TimelineFacts f, Growth g, Duration ttl) { return RuleResult.quiet(); }

    protected String trendClause(Growth g) {
        if (!g.rising()) return "; " + key + " " + g.whole().shape().name() + " over the watch";
        Duration ttl = g.whole().timeToLimit();
        return "; " + key + " " + TrendEvidence.rate(g, bytes) + (ttl != null ? ", at its limit in about " + TrendEvidence.human(ttl) : "");
    }

    static Severity escalate(Severity s, Growth g) {
        Duration ttl = g.whole().timeToLimit();
        if (g.sustained(1) && ttl != null && ttl.compareTo(VERY_SOON) < 0) return Severity.critical;
        return s;
    }
}
