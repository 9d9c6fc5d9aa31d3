// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.analysis.Unjudged;
import io.jrss.core.trend.Shape;
import io.jrss.core.trend.Trend;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.shared.Units;
import io.jrss.report.snapshot.SnapshotHtml;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML page of a timeline (watch, run, a recording, a JFR file): a snapshot's page for the last
 * full sample, with the watch's episodes, a second ledger at peak RSS, the stacked rows over time with the RSS line,
 * the limit and markers where findings were raised or probes ran, the trends, and the probes.
 */
final class TimelineHtml {
    private TimelineHtml() {}

    static String of(TimelineView v, String title, String version) {
        TimelineDiagnosis td = v.diagnosis();
        Diagnosis d = td.last();
        StringBuilder h = SnapshotHtml.header(title, d, "<br>Watched " + Units.duration(td.timeline().span()) + ", " + td.timeline().samples().size()
                + " samples; ended: " + HtmlPage.esc(v.result().end().detail()));
        SnapshotHtml.verdict(h, td.findings(), Unjudged.of(d, td.findings(), td.notEvaluated()), !td.episodes().isEmpty());
        PeakHtml.episodes(h, td);
        h.append(SnapshotHtml.LEDGER);
        if (v.peakShown()) PeakHtml.ledgers(h, v);
        else SnapshotHtml.ledgerTable(h, d.ledger());
        h.append("</section>\n<section id=\"timeline\"><h2>Over time</h2><div class=\"chart\"><canvas id=\"timelineChart\" aria-label=\"timeline\"></canvas></div>");
        trends(h, td);
        h.append("</section>\n");
        probes(h, v.result().probes());
        SnapshotHtml.gaps(h, d.unavailable(), td.notEvaluated());
        return SnapshotHtml.end(h, Map.of(), version, TimelineJson.of(v, version));
    }

    private static void trends(StringBuilder h, TimelineDiagnosis td) {
        boolean any = java.util.stream.Stream.concat(td.rowTrends().stream(), td.signalTrends().stream())
                .anyMatch(t -> t.shape() != Shape.stable || t.timeToLimit() != null);
        if (!any) { h.append("<h3>Trends</h3><p>Every row and signal was stable.</p>"); return; }
        h.append("<h3>Trends</h3><table><tr><th>row or signal</th><th class=\"num\">now</th><th class=\"num\">slope per hour</th>")
                .append("<th class=\"num\">95% interval</th><th>shape</th><th class=\"num\">limit in</th></tr>");
        for (List<Trend> list : List.of(td.rowTrends(), td.signalTrends())) {
            for (Trend t : list) {
                if (t.shape() == Shape.stable && t.timeToLimit() == null) continue;
                h.append("<tr><td>").append(HtmlPage.esc(t.name())).append("</td><td class=\"num\">").append(Units.value(t.name(), t.last()))
                        .append("</td><td class=\"num\">").append(Units.perHour(t.name(), t.slope().perSecond())).append("</td><td class=\"num\">")
                        .append(Units.perHour(t.name(), t.slope().low())).append(" .. ").append(Units.perHour(t.name(), t.slope().high()))
                        .append("</td><td>").append(t.shape()).append("</td><td class=\"num\">")
                        .append(t.timeToLimit() == null ? "" : Units.duration(t.timeToLimit())).append("</td></tr>");
            }
        }
        h.append("</table><p class=\"dim\">Rows and signals not listed were stable.</p>");
    }

    private static void probes(StringBuilder h, List<ProbeOutcome> probes) {
        if (probes.isEmpty()) return;
        h.append("<section id=\"probes\"><h2>Probes that changed the target</h2><ul>");
        for (ProbeOutcome p : probes) {
            h.append("<li><b>").append(HtmlPage.esc(p.command())).append("</b>: ").append(p.ran() ? "ran" : "did not run").append(p.returned() != null
                    ? ", RSS " + p.rssBefore().toIec() + " &rarr; " + p.rssAfter().toIec() : "").append(" <span class=\"dim\">")
                    .append(HtmlPage.esc(p.output().lines().findFirst().orElse(""))).append("</span></li>");
        }
        h.append("</ul></section>\n");
    }
}
