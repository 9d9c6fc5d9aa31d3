// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.Episode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.snapshot.SnapshotHtml;
import io.jrss.report.snapshot.SnapshotText;

/** The HTML of a watch's peak: the ledger at peak RSS beside the last one, and the episodes that ended before the watch. */
final class PeakHtml {
    private PeakHtml() {}

    static void ledgers(StringBuilder h, TimelineView v) {
        TimelineDiagnosis td = v.diagnosis();
        Ledger peak = td.peak().ledger(), last = td.last().ledger();
        var t0 = td.timeline().samples().get(0).time();
        h.append("<table><tr><th>row</th><th class=\"num\">at peak RSS (").append(PeakText.offset(t0, td.peak().snapshot().time()))
                .append(")</th><th class=\"num\">at the end (").append(PeakText.offset(t0, td.last().snapshot().time()))
                .append(")</th><th>source at the end</th></tr>");
        for (PeakRow r : v.peakRows()) {
            h.append("<tr><td>").append(r.id()).append("</td><td class=\"num\">").append(r.atPeak().toIec()).append("</td><td class=\"num\">")
                    .append(r.atEnd().toIec()).append("</td><td class=\"dim\">").append(HtmlPage.esc(r.sourceAtEnd())).append("</td></tr>");
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
            e.atPeak().evidence().facts().forEach(x -> h.append(HtmlPage.esc(x.name())).append("=").append(HtmlPage.esc(SnapshotText.evidence(x))).append("; "));
            h.append("</div>");
            SnapshotHtml.culprits(h, e.atPeak());
            h.append("<ol>");
            for (String r : e.atPeak().remedy()) h.append("<li>").append(HtmlPage.esc(r)).append("</li>");
            h.append("</ol></div>");
        }
        h.append("</section>\n");
    }
}
