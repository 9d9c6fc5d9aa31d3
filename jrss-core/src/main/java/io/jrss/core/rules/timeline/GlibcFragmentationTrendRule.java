// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.GlibcFragmentationRule;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import io.jrss.core.trend.Shape;

/**
 * glibc-fragmentation over time: the snapshot verdict (free memory resident in the arenas) with the trend of
 * glibc's free bytes, or, before it shows in one snapshot, free bytes that ratchet up while the bytes in use do
 * not: memory freed and kept (the reported cases in docs/findings/glibc-fragmentation.md); without glibc's figures, NMT's malloc
 * falling far while the RSS stays ({@link MallocRetained}). The remedy is ordered as those cases settled it: trim, fewer
 * arenas, then an A/B run of another allocator.
 */
public final class GlibcFragmentationTrendRule implements TimelineRule {
    static final double MIN_GROWTH = 64 << 20;

    @Override public String id() { return Findings.GLIBC_FRAGMENTATION.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        var snapshot = f.snapshotFinding(id());
        Growth free = f.growth(Signals.GLIBC_FREE.name(), 1 << 20), inUse = f.growth(Signals.GLIBC_IN_USE.name(), 1 << 20);
        boolean judged = f.longEnough() && free.whole().samples() >= TimelineFacts.MIN_SAMPLES;
        boolean ratchet = judged && free.rising() && free.delta() >= MIN_GROWTH && inUse.delta() < free.delta() / 2;
        MallocRetained kept = snapshot.isEmpty() && !ratchet && f.longEnough() ? MallocRetained.of(f.timeline()) : null;
        if (kept != null) return retained(f, kept);
        if (snapshot.isEmpty() && !ratchet) {
            return judged || f.longEnough() ? RuleResult.quiet()
                    : notEvaluated("glibc statistics over time are needed (VM.info or System.native_heap_info, glibc only)");
        }
        Evidence.Builder evidence = Evidence.builder().absent(snapshot.map(Finding::evidence).orElse(Evidence.NONE));
        if (judged) {
            evidence.absent(TrendEvidence.add(Evidence.builder(), "glibc_free", free, true).build());
            evidence.absent(TrendEvidence.add(Evidence.builder(), "glibc_in_use", inUse, true).build());
        }
        String title = snapshot.map(Finding::title).orElse("glibc's free memory ratchets up: " + TrendEvidence.rate(free, true)
                + " (" + Bytes.of(Math.round(free.whole().last())).toIec() + " free now) while the memory in use moves " + TrendEvidence.rate(inUse, true));
        if (snapshot.isPresent() && ratchet) title += "; and it is still rising, " + TrendEvidence.rate(free, true) + (free.whole().shape() == Shape.ratchet ? " in steps" : "");
        if (snapshot.isEmpty()) evidence.value("ruled_out", "memory in use: glibc's free bytes rose " + Bytes.of(Math.round(free.delta())).toIec()
                + " while its bytes in use moved " + Bytes.of(Math.round(inUse.delta())).toIec());
        return RuleResult.fired(new Finding(id(), snapshot.map(Finding::severity).orElse(Severity.warning), title, evidence.build(),
                GlibcFragmentationRule.remedy(f.last()), snapshot.map(Finding::confidence).orElse(Confidence.medium)));
    }

    /** Without glibc's own figures: NMT's malloc fell far and the RSS did not ({@link MallocRetained}). */
    private static RuleResult retained(TimelineFacts f, MallocRetained k) {
        return RuleResult.fired(new Finding(Findings.GLIBC_FRAGMENTATION.id(), Severity.warning, k.title(),
                Evidence.builder().bytes("nmt_malloc_peak", k.peak()).bytes("nmt_malloc_last", k.last()).bytes("rss_at_malloc_peak", k.rssAtPeak())
                        .bytes("rss_last", k.rssLast())
                        .value("ruled_out", "a heap that grew into the room: the heap's committed size did not take what malloc gave back")
                        .value("not_yet_ruled_out", "another allocator preloaded (jemalloc and tcmalloc keep freed memory too), and native code outside"
                                + " NMT that allocated as the JVM freed: glibc's figures (VM.info, System.native_heap_info) or a trim settle it").build(),
                GlibcFragmentationRule.remedy(f.last()), Confidence.medium));
    }
}
