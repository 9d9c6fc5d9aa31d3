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
import java.util.ArrayList;
import java.util.List;

/**
 * direct-buffer-leak over time: direct memory (NMT Other) keeps growing, with the time left to MaxDirectMemorySize;
 * a snapshot finding (already near the limit) is carried forward with the trend added. Quiet when the memory is
 * the temporary buffer cache (direct-buffer-cache explains it). A buffer is freed only after its object is collected,
 * so growth counts only across old-generation collections, and at the pace of the whole watch (a pool fills, then stops).
 * Growth of {@link #UNEXCLUDED_GROWTH} or more before any old collection is still said, with what would exclude
 * garbage ({@link BeforeOldCollection}): a small, quiet heap may not collect its old generation for hours.
 */
public final class DirectBufferGrowthRule implements TimelineRule {
    static final double MIN_GROWTH = 16 << 20;
    /** Growth over the watch that is said in a finding even before an old-generation collection could exclude garbage buffers. */
    static final double UNEXCLUDED_GROWTH = 64 << 20;

    @Override public String id() { return Findings.DIRECT_BUFFER_LEAK.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        var snapshot = f.snapshotFinding(id());
        if (f.snapshotFinding(Findings.DIRECT_BUFFER_CACHE.id()).isPresent() && !CacheOrNot.blocksOutgrowThreads(f.timeline())) return RuleResult.quiet();
        if (!f.longEnough()) return snapshot.<RuleResult>map(RuleResult::fired).orElseGet(() -> tooShort(f));
        Growth g = f.growth(Signals.DIRECT_MEMORY.name(), 1 << 20);
        if (g.whole().samples() < TimelineFacts.MIN_SAMPLES) {
            return snapshot.<RuleResult>map(RuleResult::fired).orElseGet(() -> notEvaluated("direct memory is measured by NMT (category Other); NMT is off"));
        }
        boolean growing = g.outlasts(MIN_GROWTH);
        long oldGcs = LiveSet.of(f.timeline()).collections();
        if (!growing) {
            if (snapshot.isPresent()) return RuleResult.fired(snapshot.get());
            // hundreds of MiB in a watch that no old collection judged: said, even if the pace fell (a pool filling, or a leak that paused)
            return oldGcs == 0 && g.rising() && g.delta() >= UNEXCLUDED_GROWTH ? BeforeOldCollection.finding(f, g) : RuleResult.quiet();
        }
        if (oldGcs == 0) {
            if (snapshot.isPresent()) return RuleResult.fired(snapshot.get());
            return g.delta() >= UNEXCLUDED_GROWTH ? BeforeOldCollection.finding(f, g) : notEvaluated("direct memory grew " + TrendEvidence.rate(g, true)
                    + ", but no old-generation collection ran during the watch: buffers whose objects are garbage are freed only when one runs;"
                    + " watch until one has");
        }
        WarmUp w = WarmUp.of(f, Signals.DIRECT_MEMORY.name(), g, 1 << 20);
        Duration ttl = w.reason() == null ? w.growth(g).whole().timeToLimit() : null;
        Evidence evidence = TrendEvidence.add(Evidence.builder(), "direct_memory", g, true)
                .value("old_generation_collections_during_watch", oldGcs)
                .value("ruled_out", "garbage buffers awaiting a collection, and a pool filling to its size: it kept growing across " + oldGcs
                        + " old-generation collections, at " + Evidence.pct(g.pace()) + " of its pace in the second half of the watch").build();
        if (ttl == null) evidence = evidence.without("direct_memory_time_to_limit", "direct_memory_time_to_limit_seconds");
        if (snapshot.isPresent()) evidence = evidence.plus(snapshot.get().evidence());
        Severity sev = ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical
                : snapshot.map(Finding::severity).orElse(Severity.warning);
        List<String> remedy = new ArrayList<>(snapshot.map(Finding::remedy).orElse(List.of(
                "Find who holds them: jrss heap " + f.pid() + " (pauses it for a heap dump: the buffers by kind and holder, those waiting for their cleaner),"
                        + " or watch with --culprits=heap to have them named here",
                "Release buffers you own (pooling frameworks: check their leak detectors, e.g. -Dio.netty.leakDetection.level=advanced)")));
        remedy.removeIf(r -> r.startsWith("Watch the trend"));
        return RuleResult.fired(new Finding(id(), sev,
                "Direct buffer memory keeps growing: " + TrendEvidence.rate(g, true) + ", " + io.jrss.core.model.Bytes.of(Math.round(g.whole().last())).toIec()
                        + " now" + (ttl != null ? "; MaxDirectMemorySize is reached in about " + TrendEvidence.human(ttl) : ""),
                evidence, remedy, Confidence.high));
    }
}
