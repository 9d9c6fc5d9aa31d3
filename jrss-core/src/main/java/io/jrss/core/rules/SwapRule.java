// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * swap-in-use: part of the process is swapped out; RSS understates its footprint and GC pauses suffer. A few MiB are
 * information (the kernel is swapping it: mlockall or swappiness did not keep it resident), more is a warning.
 */
public final class SwapRule implements Rule {
    static final Bytes MIN = Bytes.ofMiB(16), SOME = Bytes.ofMiB(1);

    @Override public String id() { return Findings.SWAP_IN_USE.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Bytes swap = s.get(Readings.ROLLUP).map(r -> r.swap()).value().or(() -> s.get(Readings.STATUS).map(st -> st.vmSwap()).value()).orElse(null);
        if (swap == null) return notEvaluated("neither smaps_rollup nor status was read");
        if (swap.compareTo(SOME) < 0) return RuleResult.quiet();
        double share = swap.ratioOf(ledger.rss().plus(swap));
        boolean little = swap.compareTo(MIN) < 0;
        return RuleResult.fired(new Finding(id(), little ? Severity.info : Severity.warning,
                swap.toIec() + " of the process is swapped out" + (ledger.rssKnown() ? " (" + Evidence.pct(share) + " of its footprint)" : "")
                        + (little ? ": little, but the kernel is swapping this process" : ""),
                Evidence.builder().bytes("swap", swap).bytes("rss", ledger.rssKnown() ? ledger.rss() : null)
                        .value("share_of_footprint", ledger.rssKnown() ? Math.round(share * 1000) / 1000.0 : null)
                        .value("ruled_out", "swap that is configured but unused: " + swap.toIec() + " of this process's own pages are in swap now").build(),
                List.of("Footprint = RSS + swap: size limits on both",
                        "A swapped Java heap makes GC slow: give the container enough memory or lower -Xmx"),
                Confidence.high));
    }
}
