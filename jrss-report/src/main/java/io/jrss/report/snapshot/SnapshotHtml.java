// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.Unjudged;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.report.shared.HtmlPage;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One self-contained HTML page of a snapshot, and the parts a timeline's page shares with it: the verdict first
 * (findings, evidence, remedies), the ledger as a stacked bar from 0 to the RSS with unattributed visible, what was
 * unavailable and how to get it, and the raw readings folded away. Chart.js and the styles are inlined: it opens
 * offline, prints, and follows the reader's dark mode. The data behind the charts is the JSON of {@code --json},
 * embedded as is.
 */
public final class SnapshotHtml {
    /** The ledger's section up to its table: the chart, drawn by report.js from the embedded JSON. */
    public static final String LEDGER = "<section id=\"ledger\"><h2>Where the RSS goes</h2><div class=\"chart bar\"><canvas id=\"ledgerChart\" aria-label=\"ledger\"></canvas></div>";

    private SnapshotHtml() {}

    /** A snapshot (explain, analyze); {@code raw} maps reading names to their text, or is empty. */
    static String of(Diagnosis d, Map<String, String> raw, String title, String version) {
        StringBuilder h = header(title, d, "");
        verdict(h, d.findings(), Unjudged.of(d, d.findings(), d.notEvaluated()), false);
        h.append(LEDGER);
        ledgerTable(h, d.ledger());
        h.append("</section>\n");
        gaps(h, d.unavailable(), d.notEvaluated());
        return end(h, raw, version, SnapshotJson.of(d, version));
    }

    /** The page's head and header: the target, {@code meta} (HTML, already escaped) below it, the RSS. */
    public static StringBuilder header(String title, Diagnosis d, String meta) {
        Ledger l = d.ledger();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1><p class=\"meta\">").append(HtmlPage.esc(SnapshotText.header(d.snapshot(), l)));
        h.append(meta);
        h.append("</p><p><b>RSS ").append(l.rssKnown() ? l.rss().toIec() : "unknown").append("</b> <span class=\"dim\">(")
                .append(HtmlPage.esc(l.rssSource())).append(l.partial() ? "; partial ledger" : "").append(")</span></p></header>\n");
        return h;
    }

    /** The raw readings (or where the data is), the footer with the tool's version, the charts, the data and the page's script. */
    public static String end(StringBuilder h, Map<String, String> raw, String version, ObjectNode json) {
        h.append("<section id=\"raw\"><h2>Raw readings</h2>");
        if (raw.isEmpty()) h.append("<p class=\"dim\">The data behind this page is the JSON of <code>--json</code>, embedded in it (element <code>#jrss-data</code>).</p>");
        raw.forEach((name, text) -> h.append("<details><summary>").append(HtmlPage.esc(name)).append("</summary><pre>").append(HtmlPage.esc(text)).append("</pre></details>"));
        h.append("</section>\n<footer class=\"dim\"><p>jrss ").append(version).append(". Charts by Chart.js (MIT), inlined.</p></footer>\n");
        h.append(HtmlPage.charts());
        h.append("<script id=\"jrss-data\" type=\"application/json\">").append(HtmlPage.scriptJson(json.toString())).append("</script>\n");
        h.append("<script>").append(HtmlPage.resource("report.js")).append("</script>\n</body></html>\n");
        return h.toString();
    }

    public static void verdict(StringBuilder h, List<Finding> findings, List<Unjudged> unjudged, boolean episodes) {
        h.append("<section id=\"verdict\"><h2>Verdict</h2>");
        for (Unjudged u : unjudged) {
            h.append("<div class=\"finding warning\"><span class=\"sev\">not judged</span> ").append(HtmlPage.esc(SnapshotView.sentence(u)))
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
            f.evidence().facts().forEach(x -> h.append(HtmlPage.esc(x.name())).append("=").append(HtmlPage.esc(SnapshotText.evidence(x))).append("; "));
            h.append("</div>");
            culprits(h, f);
            h.append("<ol>");
            for (String r : f.remedy()) h.append("<li>").append(HtmlPage.esc(r)).append("</li>");
            h.append("</ol></div>");
        }
        h.append("</section>\n");
    }

    /** Who holds the memory, under the evidence: the first is the culprit. */
    public static void culprits(StringBuilder h, Finding f) {
        if (f.culprits().isEmpty()) return;
        h.append("<ul class=\"culprits\">");
        f.culprits().forEach(c -> h.append("<li>").append(c == f.culprits().get(0) ? "<b>culprit</b> " : "").append(HtmlPage.esc(SnapshotText.culprit(c))).append("</li>"));
        h.append("</ul>");
    }

    public static void ledgerTable(StringBuilder h, Ledger l) {
        h.append("<table><tr><th>row</th><th class=\"num\">resident</th><th class=\"num\">of RSS</th><th>confidence</th><th>source</th></tr>");
        for (LedgerRow r : SnapshotView.shown(l)) {
            h.append("<tr><td>").append(r.id()).append("</td><td class=\"num\">").append(r.bytes().toIec()).append("</td><td class=\"num\">")
                    .append(l.rssKnown() ? String.format(Locale.ROOT, "%.1f%%", 100 * r.bytes().ratioOf(l.rss())) : "").append("</td><td>")
                    .append(r.accuracy()).append("</td><td class=\"dim\">").append(HtmlPage.esc(r.source())).append("</td></tr>");
        }
        h.append("</table>");
        for (String n : l.notes()) h.append("<p class=\"dim\">note: ").append(HtmlPage.esc(n)).append("</p>");
    }

    public static void gaps(StringBuilder h, List<Unavailable> unavailable, List<RuleResult.NotEvaluated> notEvaluated) {
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
}
