// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.trend.Growth;
import java.time.Duration;

/**
 * For a finding one snapshot already proves (glibc-fragmentation, glibc-arena-bloat, code-cache-full,
 * container-limit-risk): the last full snapshot's finding, with the trend of its signal added as evidence. When the
 * snapshot shows nothing, the trend alone can raise it if it reaches the signal's limit within {@link #SOON} at a
 * pace that outlasts start-up ({@link Growth#outlasts}) and that the JVM keeps after its first minute ({@link WarmUp}).
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
        double noise = bytes ? 1 << 20 : 1;
        Growth g = f.growth(signal, noise);
        boolean judged = f.longEnough() && g.whole().samples() >= TimelineFacts.MIN_SAMPLES;
        if (snapshot.isPresent()) {
            if (!judged) return RuleResult.fired(snapshot.get());
            Evidence evidence = snapshot.get().evidence().plus(TrendEvidence.add(Evidence.builder(), key, g, bytes).build());
            Finding s = snapshot.get();
            WarmUp w = WarmUp.of(f, signal, g, noise);
            boolean extrapolate = w.reason() == null;
            return RuleResult.fired(new Finding(id, extrapolate ? escalate(s.severity(), w.growth(g)) : s.severity(),
                    s.title() + trendClause(g, extrapolate ? w.growth(g) : null), evidence, s.remedy(), s.confidence()));
        }
        if (!judged) return f.longEnough() ? RuleResult.quiet() : tooShort(f);
        Duration ttl = g.whole().timeToLimit();
        if (!g.outlasts(noise) || ttl == null || ttl.compareTo(SOON) >= 0) return RuleResult.quiet();
        // Reaches the limit within the hour at the whole watch's pace: only if that pace outlasts the JVM's warm-up.
        WarmUp w = WarmUp.of(f, signal, g, noise);
        if (w.reason() != null) return notEvaluated(w.reason());
        Growth after = w.growth(g);
        Duration ttlAfter = after.whole().timeToLimit();
        if (ttlAfter == null || ttlAfter.compareTo(SOON) >= 0) return RuleResult.quiet();
        return byTrend(f, after, ttlAfter);
    }

    /**
     * The finding when only the trend shows it; subclasses say it in their own words. {@code g} is the growth after the
     * JVM's first minute when the watch held it ({@link WarmUp}), else over the whole watch.
     */
    protected RuleResult byTrend(TimelineFacts f, Growth g, Duration ttl) { return RuleResult.quiet(); }

    /** The trend in the title; {@code toLimit} is the growth to extrapolate, or null when it must not be (start-up). */
    protected String trendClause(Growth g, Growth toLimit) {
        if (!g.rising()) return "; " + key + " " + g.whole().shape().name() + " over the watch";
        Duration ttl = toLimit == null ? null : toLimit.whole().timeToLimit();
        return "; " + key + " " + TrendEvidence.rate(g, bytes) + (ttl != null ? ", at its limit in about " + TrendEvidence.human(ttl)
                : toLimit == null ? " during start-up" : "");
    }

    static Severity escalate(Severity s, Growth g) {
        Duration ttl = g.whole().timeToLimit();
        if (g.sustained(1) && ttl != null && ttl.compareTo(VERY_SOON) < 0) return Severity.critical;
        return s;
    }
}
