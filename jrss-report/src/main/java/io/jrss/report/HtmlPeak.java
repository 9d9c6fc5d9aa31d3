// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.analysis.Episode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import java.util.LinkedHashSet;
import java.util.Set;

/** The HTML of a watch's peak: the ledger at peak RSS beside the last one, and the episodes that ended before the watch. */
final class HtmlPeak {
    private HtmlPeak() {}

    static void ledgers(StringBuilder h, TimelineDiagnosis td) {
        Ledger peak = td.peak().ledger(), last = td.last().ledger();
        var t0 = td.timeline().samples().get(0).time();
        h.append("<table><tr><th>row</th><th class=\"num\">at peak RSS (").append(PeakText.offset(t0, td.peak().snapshot().time()))
                .append(")</th><th class=\"num\">at the end (").append(PeakText.offset(t0, td.last().snapshot().time()))
                .append(")</th><th>source at the end</th></tr>");
        Set<Row> ids = new LinkedHashSet<>();
        for (LedgerRow r : peak.sorted()) ids.add(r.row());
        for (LedgerRow r : last.sorted()) ids.add(r.row());
        for (Row id : ids) {
            Bytes a = peak.bytes(id), b = last.bytes(id);
            if (a.value() < 1024 && b.value() < 1024 && id != Row.UNATTRIBUTED) continue; // rounding dust
            String source = last.row(id).map(LedgerRow::source).orElse("");
            h.append("<tr><td>").append(id.id()).append("</td><td class=\"num\">").append(a.toIec()).append("</td><td class=\"num\">").append(b.toIec())
                    .append("</td><td class=\"dim\">").append(HtmlPage.esc(source)).append("</td></tr>");
        }
        h.append("<tr><td><b>RSS</b></td><td class=\"num\"><b>").append(peak.rss().toIec()).append("</b></td><td class=\"num\"><b>")
                .append(last.rss().toIec()).append("</b></td><td></td></tr></table>");
    }

    static void episodes(StringBuilder h, TimelineDiagnosis td) {
        if (td.episodes().isEmpty()) return;
        var t0 = td.timeline().samples().get(0).time();
        h.append("<section id=\"episodes\"><h2>Episodes</h2><p class=\"dim\">Findings that held for a while and were gone by the end.</p>");
        for (Episode e : td.episodes()) {
            h.append("<div class=\"finding resolved\"><span class=\"sev\">resolved</span> <b>").append(HtmlPage.esc(e.id())).append("</b>: ")
                    .append(HtmlPage.esc(e.atPeak().title())).append(" <span class=\"dim\">[was ").append(e.atPeak().severity()).append("; from ")
                    .append(PeakText.offset(t0, e.started())).append(" to ").append(PeakText.offset(t0, e.ended())).append(", peak at ")
                    .append(PeakText.offset(t0, e.peakAt())).append("]</span><div class=\"evidence\">");
            e.atPeak().evidence().forEach((k, v) -> h.append(HtmlPage.esc(k)).append("=").append(HtmlPage.esc(TextReport.evidence(k, v))).append("; "));
            h.append("</div><ol>");
            for (String r : e.atPeak().remedy()) h.append("<li>").append(HtmlPage.esc(r)).append("</li>");
            h.append("</ol></div>");
        }
        h.append("</section>\n");
    }
}
