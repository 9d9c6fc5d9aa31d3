// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Snapshot;
import java.util.List;

/** thp-bloat: transparent huge pages back much of the anonymous memory; sparse use of 2 MiB pages inflates RSS. */
public final class ThpRule implements Rule {
    static final Bytes MIN = Bytes.ofMiB(64);

    @Override public String id() { return "thp-bloat"; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Bytes huge = s.rollup().map(r -> r.anonHugePages()).orNull();
        if (huge == null) return notEvaluated("smaps_rollup was not read");
        double share = huge.ratioOf(ledger.rss());
        String mode = s.thpEnabled().orNull();
        if (huge.compareTo(MIN) < 0 || share < 0.1) return RuleResult.quiet();
        boolean jvmAsked = s.flags().map(f -> f.isOn("UseTransparentHugePages")).value().orElse(false);
        return RuleResult.fired(new Finding(id(), "always".equals(mode) ? Severity.warning : Severity.info,
                "Transparent huge pages back " + huge.toIec() + " (" + Evidence.pct(share) + " of RSS), THP mode '" + mode + "'",
                new Evidence().bytes("anon_huge_pages", huge).ratio("share_of_rss", share).value("thp_enabled", mode)
                        .value("UseTransparentHugePages", jvmAsked)
                        .value("ruled_out", "a few huge pages the heap asked for: " + huge.toIec() + " of anonymous memory is in huge pages, " + Evidence.pct(share) + " of RSS").build(),
                List.of("always".equals(mode) ? "Set THP to madvise on the host (echo madvise > /sys/kernel/mm/transparent_hugepage/enabled) so only the heap opts in"
                                : "Drop -XX:+UseTransparentHugePages if the heap's RSS growth matters more than TLB hits",
                        "Native allocators suffer most: with THP always, glibc arenas and thread stacks are backed by 2 MiB pages"),
                "medium"));
    }
}
