// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.trend.Shape;
import io.jrss.core.trend.Trend;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One self-contained HTML file for any result: the verdict first (findings, evidence, remedies; a watch's episodes),
 * the ledger as a stacked bar from 0 to the RSS with unattributed visible (and a second bar at peak RSS), for a timeline the stacked rows over time with the RSS
 * line, the limit and markers where findings were raised or probes ran, the trends, what was unavailable and how
 * to get it, and the raw readings folded away. Chart.js and the styles are inlined: it opens offline, prints, and
 * follows the reader's dark mode. The data behind the charts is the JSON of {@code --json}, embedded as is.
 */
final class HtmlReport {
    private HtmlReport() {}

    /** A snapshot (explain, analyze); {@code raw} maps reading names to their text, or is empty. */
    static String of(Diagnosis d, Map<String, String> raw, String title, String version) {
        return page(title, version, d, JsonReport.toJson(d, version), d.findings(), d.notEvaluated(), null, List.of(), raw);
    }

    /** A timeline (watch, run, a recording, a JFR file). */
    static String of(TimelineView v, String title, String version) {
        TimelineDiagnosis td = v.diagnosis();
        return page(title, version, td.last(), JsonReport.toJson(v, version), td.findings(), td.notEvaluated(), v, v.result().probes(), Map.of());
    }

    private static String page(String title, String version, Diagnosis d, ObjectNode json, List<Finding> findings, List<RuleResult.NotEvaluated> notEvaluated,
                               TimelineView v, List<ProbeOutcome> probes, Map<String, String> raw) {
        TimelineDiagnosis td = v == null ? null : v.diagnosis();
        Ledger l = d.ledger();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1><p class=\"meta\">").append(HtmlPage.esc(TextReport.header(d.snapshot(), l)));
        if (td != null) h.append("<br>Watched ").append(Units.duration(td.timeline().span())).append(", ").append(td.timeline().samples().size())
                .append(" samples; ended: ").append(HtmlPage.esc(v.result().end().detail()));
        h.append("</p><p><b>RSS ").append(l.rssKnown() ? l.rss().toIec() : "unknown").append("</b> <span class=\"dim\">(")
                .append(HtmlPage.esc(l.rssSource())).append(l.partial() ? "; partial ledger" : "").append(")</span></p></header>\n");
        verdict(h, findings, io.jrss.core.analysis.Unjudged.of(d, findings, notEvaluated), td != null && !td.episodes().isEmpty());
        if (td != null) HtmlPeak.episodes(h, td);
        h.append("<section id=\"ledger\"><h2>Where the RSS goes</h2><div class=\"chart bar\"><canvas id=\"ledgerChart\" aria-label=\"ledger\"></canvas></div>");
        if (v != null && v.peakShown()) HtmlPeak.ledgers(h, v);
        else ledgerTable(h, l);
        h.append("</section>\n");
        if (td != null) {
            h.append("<section id=\"timeline\"><h2>Over time</h2><div class=\"chart\"><canvas id=\"timelineChart\" aria-label=\"timeline\"></canvas></div>");
            trends(h, td);
            h.append("</section>\n");
        }
        if (!probes.isEmpty()) {
            h.append("<section id=\"probes\"><h2>Probes that changed the target</h2><ul>");
            for (ProbeOutcome p : probes) {
                h.append("<li><b>").append(HtmlPage.esc(p.command())).append("</b>: ").append(p.ran() ? "ran" : "did not run").append(p.returned() != null
                        ? ", RSS " + p.rssBefore().toIec() + " &rarr; " + p.rssAfter().toIec() : "").append(" <span class=\"dim\">")
                        .append(HtmlPage.esc(p.output().lines().findFirst().orElse(""))).append("</span></li>");
            }
            h.append("</ul></section>\n");
        }
        gaps(h, d.unavailable(), notEvaluated);
        h.append("<section id=\"raw\"><h2>Raw readings</h2>");
        if (raw.isEmpty()) h.append("<p class=\"dim\">The data behind this page is the JSON of <code>--json</code>, embedded in it (element <code>#jrss-data</code>).</p>");
        raw.forEach((name, text) -> h.append("<details><summary>").append(HtmlPage.esc(name)).append("</summary><pre>").append(HtmlPage.esc(text)).append("</pre></details>"));
        h.append("</section>\n<footer class=\"dim\"><p>jrss ").append(version).append(". Charts by Chart.js (MIT), inlined.</p></footer>\n");
        h.append(HtmlPage.charts());
        h.append("<script id=\"jrss-data\" type=\"application/json\">").append(HtmlPage.scriptJson(json.toString())).append("</script>\n");
        h.append("<script>").append(resource("report.js")).append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static void verdict(StringBuilder h, List<Finding> findings, List<io.jrss.core.analysis.Unjudged> unjudged, boolean episodes) {
        h.append("<section id=\"verdict\"><h2>Verdict</h2>");
        for (io.jrss.core.analysis.Unjudged u : unjudged) {
            h.append("<div class=\"finding warning\"><span class=\"sev\">not judged</span> ").append(HtmlPage.esc(u.sentence()))
                    .append("<div class=\"evidence\">to find out: ").append(HtmlPage.esc(u.how())).append("</div></div>");
        }
        if (findings.isEmpty() && unjudged.isEmpty()) {
            h.append(episodes ? "<p>No findings at the end; what held for a while and went away is under Episodes.</p>"
                    : "<p class=\"ok\">No findings: nothing needs attention.</p>");
        }
        for (Finding f : findings) {
            h.append("<div class=\"finding ").append(f.severity()).append("\"><span class=\"sev\">").append(f.severity()).append("</span> <b>")
                    .append(HtmlPage.esc(f.id())).append("</b>: ").append(HtmlPage.esc(f.title())).append(" <span class=\"dim\">[confidence ")
                    .append(f.confidence()).append("]</span><div class=\"evidence\">");
            f.evidence().forEach((k, v) -> h.append(HtmlPage.esc(k)).append("=").append(HtmlPage.esc(TextReport.evidence(k, v))).append("; "));
            h.append("</div><ol>");
            for (String r : f.remedy()) h.append("<li>").append(HtmlPage.esc(r)).append("</li>");
            h.append("</ol></div>");
        }
        h.append("</section>\n");
    }

    private static void ledgerTable(StringBuilder h, Ledger l) {
        h.append("<table><tr><th>row</th><th class=\"num\">resident</th><th class=\"num\">of RSS</th><th>confidence</th><th>source</th></tr>");
        for (LedgerRow r : SnapshotView.shown(l)) {
            h.append("<tr><td>").append(r.id()).append("</td><td class=\"num\">").append(r.bytes().toIec()).append("</td><td class=\"num\">")
                    .append(l.rssKnown() ? String.format(Locale.ROOT, "%.1f%%", 100 * r.bytes().ratioOf(l.rss())) : "").append("</td><td>")
                    .append(r.confidence()).append("</td><td class=\"dim\">").append(HtmlPage.esc(r.source())).append("</td></tr>");
        }
        h.append("</table>");
        for (String n : l.notes()) h.append("<p class=\"dim\">note: ").append(HtmlPage.esc(n)).append("</p>");
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

    private static void gaps(StringBuilder h, List<Unavailable> unavailable, List<RuleResult.NotEvaluated> notEvaluated) {
        if (unavailable.isEmpty() && notEvaluated.isEmpty()) return;
        h.append("<section id=\"unavailable\"><h2>Unavailable, and how to get it</h2><table>");
        for (Unavailable u : unavailable) {
            h.append("<tr><td>").append(HtmlPage.esc(u.reading())).append("</td><td>").append(HtmlPage.esc(u.reason()))
                    .append("</td><td class=\"dim\">").append(HtmlPage.esc(u.how())).append("</td></tr>");
        }
        for (RuleResult.NotEvaluated n : notEvaluated) {
            h.append("<tr><td>").append(HtmlPage.esc(n.rule())).append("</td><td colspan=\"2\">not evaluated: ").append(HtmlPage.esc(n.reason())).append("</td></tr>");
        }
        h.append("</table></section>\n");
    }

    static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
