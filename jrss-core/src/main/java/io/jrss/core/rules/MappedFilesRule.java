// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/** mapped-files: file-backed mappings dominate RSS. They are page cache the kernel can drop, not a leak. */
public final class MappedFilesRule implements Rule {
    static final Bytes MIN = Bytes.ofMiB(64);

    @Override public String id() { return Findings.MAPPED_FILES.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        if (ledger.partial()) return notEvaluated("no smaps in the input");
        Bytes mapped = ledger.bytes(Row.MAPPED_FILES);
        double share = mapped.ratioOf(ledger.rss());
        if (mapped.compareTo(MIN) < 0 || share < 0.3) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.info,
                "Mapped files hold " + mapped.toIec() + " (" + Evidence.pct(share) + " of RSS): reclaimable, not a leak",
                Evidence.builder().bytes("mapped_files", mapped).ratio("share_of_rss", share).build(),
                List.of("Expect this RSS to fall under memory pressure; alert on anonymous memory (RssAnon) instead",
                        "If the container is killed anyway, its limit counts these pages: size it for the mapped working set"),
                Confidence.high));
    }
}
