// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Unjudged;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.result.SnapshotResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;
import java.util.List;

/** One moment as shown (explain, a capture, analyze's pasted outputs); also which ledger rows every report lists. */
public record SnapshotView(SnapshotResult result) implements View {
    @Override public void text(Style st, String title, PrintWriter out) {
        if (result.pasted() == null) {
            new SnapshotText(st).render(result.diagnosis(), out, title);
            return;
        }
        int pid = result.diagnosis().snapshot().pid();
        PastedText.render(result.diagnosis(), result.pasted(), st, pid == 0 ? title : title + " (pid " + pid + ")", out);
    }

    @Override public ObjectNode json(String version) {
        return result.pasted() == null ? SnapshotJson.of(result.diagnosis(), version) : PastedJson.of(result.diagnosis(), result.pasted(), version);
    }

    @Override public String html(String title, String version) { return SnapshotHtml.of(result.diagnosis(), result.raw(), title, version); }

    /** The rows a ledger table lists: largest first, empty ones left out, unattributed always kept. */
    static List<LedgerRow> shown(Ledger l) {
        return l.sorted().stream().filter(r -> !r.bytes().isZero() || r.row() == Row.UNATTRIBUTED).toList();
    }

    /** A row no rule judged, in one sentence: the row, its bytes and share, why it was not judged. */
    static String sentence(Unjudged u) {
        return u.row() + " holds " + u.bytes().toIec() + " (" + Math.round(u.shareOfRss() * 100) + "% of RSS) and nothing judged it: " + u.why();
    }
}
