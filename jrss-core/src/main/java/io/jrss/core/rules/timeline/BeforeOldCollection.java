// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.util.List;

/**
 * direct-buffer-leak while no old-generation collection has run: a small, quiet heap (a Netty service leaking pooled
 * chunks, 20 MiB of heap) may not collect its old generation for hours, and a row that grows hundreds of MiB a minute
 * must not end in silence. The benign cause, garbage buffers whose objects wait for a collection, is not excluded
 * yet, and the finding says so, with what would tell them apart: an old collection, or the census of the buffers
 * (jrss heap). Young collections that ran and freed nothing make garbage less likely (medium confidence): a buffer
 * whose object died young is freed by them; with none at all the confidence is low.
 */
final class BeforeOldCollection {
    private BeforeOldCollection() {}

    static RuleResult finding(TimelineFacts f, Growth g) {
        long young = youngCollections(f);
        String pid = f.pid();
        boolean kept = g.outlasts(DirectBufferGrowthRule.MIN_GROWTH);
        boolean counted = f.oldCollectionsDuringWatch() != null;
        String notRuledOut = "garbage buffers whose objects wait for an old-generation collection: "
                + (!counted ? "the input counts no collections (no hsperfdata), so none could be seen"
                : "none ran during the watch" + (young > 0 ? " (" + young + " young collections did, and freed none of the growth)" : " (no collection at all)"))
                + (kept ? "" : "; a pool filling to its size: the pace fell to " + Evidence.pct(g.pace()) + " of the whole watch's in its second half")
                + "; an old collection, or the census of jrss heap " + pid + " (buffers by holder, and those only waiting for their cleaner), tells them apart";
        Evidence.Builder e = TrendEvidence.add(Evidence.builder(), "direct_memory", g, true)
                .value("old_generation_collections_during_watch", counted ? 0 : null)
                .value("young_collections_during_watch", young)
                .value("not_ruled_out", notRuledOut)
                .value("ruled_out", (kept ? "a pool that filled to its size and stopped: it still grew in the second half of the watch at "
                        + Evidence.pct(g.pace()) + " of its whole pace"
                        : "a one-off allocation: it rose over the whole watch (" + g.whole().shape().name() + ", with 95% confidence) by "
                        + Bytes.of(Math.round(g.delta())).toIec())
                        + (young > 0 ? "; buffers that died young: " + young + " young collections freed none" : ""));
        return RuleResult.fired(new Finding(Findings.DIRECT_BUFFER_LEAK.id(), Severity.warning,
                "Direct buffer memory grows " + TrendEvidence.rate(g, true) + ", " + Bytes.of(Math.round(g.whole().last())).toIec()
                        + " now; " + (counted ? "no old-generation collection has run" : "no collection was counted") + " to tell a leak from garbage buffers",
                e.build(),
                List.of("Tell a leak from garbage now: jrss heap " + pid + " (pauses it for a heap dump: the buffers by holder, and those only waiting for their cleaner)",
                        "Or watch until an old-generation collection has run (jrss watch " + pid + " --duration 10m): memory a leak holds survives it",
                        "Release buffers you own (pooling frameworks: check their leak detectors, e.g. -Dio.netty.leakDetection.level=advanced)"),
                young > 0 ? Confidence.medium : Confidence.low));
    }

    /** Collections during the watch that were not old-generation ones. */
    static long youngCollections(TimelineFacts f) {
        Sample first = null, last = null;
        for (Sample s : f.timeline().samples()) {
            if (s.signal(Signals.GC_COLLECTIONS) == null || s.signal(Signals.OLD_COLLECTIONS) == null) continue;
            if (first == null) first = s;
            last = s;
        }
        if (first == null) return 0;
        long all = last.count(Signals.GC_COLLECTIONS) - first.count(Signals.GC_COLLECTIONS);
        long old = last.count(Signals.OLD_COLLECTIONS) - first.count(Signals.OLD_COLLECTIONS);
        return Math.max(0, all - old);
    }
}
