// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import io.jrss.core.diff.Change;
import io.jrss.core.diff.Diff;
import io.jrss.core.diff.FindingChange;
import io.jrss.core.diff.SetupChange;
import io.jrss.core.diff.Side;
import io.jrss.core.rules.Finding;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.shared.Units;
import java.util.List;
import java.util.Locale;

/**
 * jrss diff as one self-contained HTML page: the summary, the settings that differ, the ledger as paired bars
 * (diff.js draws them from the embedded JSON of --json) and as a table, the findings by what became of them, and
 * the signals that moved.
 */
final class DiffHtml {
    private DiffHtml() {}

    static String of(DiffView view, String title, String version) {
        Diff d = view.result().diff();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1><p class=\"meta\">before: ").append(side(d.before()))
                .append("<br>after: ").append(side(d.after())).append("</p></header>\n");
        h.append("<section id=\"summary\"><h2>What changed</h2><p><b>").append(HtmlPage.esc(view.summary())).append("</b></p>");
        if (!d.setup().isEmpty()) {
            h.append("<table><tr><th>setting</th><th>before</th><th>after</th></tr>");
            for (SetupChange s : d.setup()) {
                h.append(s.chosen() ? "<tr><td>" : "<tr class=\"dim\" title=\"set by the JVM's ergonomics\"><td>").append(HtmlPage.esc(s.what())).append("</td><td>").append(HtmlPage.esc(s.before())).append("</td><td>")
                        .append(HtmlPage.esc(s.after())).append("</td></tr>");
            }
            h.append("</table>");
        }
        h.append("</section>\n<section id=\"ledger\"><h2>Ledger</h2><div class=\"chart\"><canvas id=\"diffChart\" aria-label=\"ledger rows before and after\"></canvas></div>");
        table(h, List.of(d.rss()), d.rows());
        h.append("</section>\n<section id=\"findings\"><h2>Findings</h2>");
        if (d.findings().isEmpty()) h.append("<p class=\"dim\">None on either side.</p>");
        for (FindingChange f : d.findings()) finding(h, f);
        h.append("</section>\n<section id=\"signals\"><h2>Signals that moved</h2>");
        table(h, List.of(), d.changedSignals());
        h.append("<p class=\"dim\">").append(d.changedSignals().size()).append(" of ").append(d.signals().size())
                .append(" signals moved more than 1 MiB and 1% (counts: at all). Counts such as collections are since each JVM started.</p></section>\n");
        h.append("<footer class=\"dim\"><p>jrss ").append(version).append(". Charts by Chart.js (MIT), inlined.</p></footer>\n");
        h.append(HtmlPage.charts());
        h.append("<script id=\"jrss-data\" type=\"application/json\">").append(HtmlPage.scriptJson(DiffJson.of(view, version).toString())).append("</script>\n");
        h.append("<script>").append(HtmlPage.resource("diff.js")).append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static String side(Side s) {
        var snap = s.diagnosis().snapshot();
        return "<b>" + HtmlPage.esc(s.input()) + "</b> (" + HtmlPage.esc(s.kind()) + (snap.pid() == 0 ? "" : ", pid " + snap.pid())
                + (snap.time().equals(java.time.Instant.EPOCH) ? "" : ", " + snap.time()) + ")";
    }

    private static void table(StringBuilder h, List<Change> first, List<Change> changes) {
        h.append("<table><tr><th>name</th><th class=\"num\">before</th><th class=\"num\">after</th><th class=\"num\">change</th><th class=\"num\">%</th></tr>");
        for (Change c : first) row(h, c, true);
        for (Change c : changes) row(h, c, false);
        h.append("</table>");
    }

    private static void row(StringBuilder h, Change c, boolean bold) {
        String name = HtmlPage.esc(c.name());
        h.append("<tr").append(c.changed() ? "" : " class=\"dim\"").append("><td>").append(bold ? "<b>" + name + "</b>" : name).append("</td><td class=\"num\">")
                .append(Units.amount(c, c.before())).append("</td><td class=\"num\">").append(Units.amount(c, c.after())).append("</td><td class=\"num\">")
                .append(c.delta() == null ? "" : !c.changed() ? "=" : Units.signedAmount(c, c.delta())).append("</td><td class=\"num\">")
                .append(c.ratio() == null || !c.changed() ? "" : String.format(Locale.ROOT, "%+.0f%%", 100 * c.ratio())).append("</td></tr>");
    }


    private static void finding(StringBuilder h, FindingChange f) {
        Finding now = f.latest();
        String what = switch (f.status()) { case appeared -> "appeared"; case went_away -> "went away"; default -> "stayed"; };
        String cls = f.status() == FindingChange.Status.went_away ? "resolved" : now.severity().name();
        h.append("<div class=\"finding ").append(cls).append("\"><span class=\"sev\">").append(what).append(" · ").append(now.severity())
                .append("</span> <b>").append(HtmlPage.esc(now.id())).append("</b>: ").append(HtmlPage.esc(now.title())).append("</div>");
    }
}
