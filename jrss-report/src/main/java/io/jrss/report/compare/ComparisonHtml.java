// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.Verdict;
import io.jrss.core.result.ComparisonResult;
import io.jrss.core.rules.Finding;
import io.jrss.report.shared.HtmlPage;
import io.jrss.report.shared.Units;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * jrss compare as one self-contained HTML page: the verdict, the arms' table, every run's RSS curve overlaid on one
 * chart (compare.js draws it from the embedded JSON of --json), and the winner's known risks as links.
 */
final class ComparisonHtml {
    private ComparisonHtml() {}

    static String of(ComparisonView view, String title, String version) {
        ComparisonResult c = view.result();
        Verdict v = c.verdict();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1><p class=\"meta\">").append(c.repeat()).append(c.repeat() == 1 ? " run" : " runs")
                .append(" per arm").append(c.interrupted() ? "; interrupted by Ctrl-C: the arms not reached are left out" : "").append("</p></header>\n");
        h.append("<section id=\"verdict\"><h2>Verdict</h2><p><b>").append(HtmlPage.esc(view.summary())).append("</b> <span class=\"dim\">[confidence ")
                .append(v.confidence()).append("]</span></p>");
        if (v.wallRatio() != null || v.cpuRatio() != null) {
            h.append("<p>Cost against glibc as is: wall ").append(ratio(v.wallRatio())).append(", CPU ").append(ratio(v.cpuRatio()))
                    .append(v.metricRatio() != null ? ", metric " + ratio(v.metricRatio()) : "").append("</p>");
        }
        if (!v.risks().isEmpty()) {
            h.append("<p>Known risks of ").append(HtmlPage.esc(v.best())).append(" (test before adopting it):</p><ul>");
            for (String r : v.risks()) {
                int dash = r.lastIndexOf(" — ");
                String url = dash < 0 ? null : r.substring(dash + 3).strip();
                h.append("<li>").append(HtmlPage.esc(dash < 0 ? r : r.substring(0, dash)));
                if (url != null && url.startsWith("https://")) h.append(" <a href=\"").append(HtmlPage.esc(url)).append("\">").append(HtmlPage.esc(url)).append("</a>");
                h.append("</li>");
            }
            h.append("</ul>");
        }
        for (String n : view.notes()) h.append("<p class=\"dim\">Not ranked: ").append(HtmlPage.esc(n)).append("</p>");
        h.append("</section>\n<section id=\"arms\"><h2>Arms</h2><table><tr><th>arm</th><th>allocator seen</th><th>steady RSS</th><th>spread</th>"
                + "<th>peak RSS</th><th>wall</th><th>CPU</th><th>exit</th><th>metric</th><th>findings / status</th></tr>");
        for (ArmResult a : c.arms()) {
            String findings = a.measured() ? a.findings().stream().map(Finding::id).collect(Collectors.joining(", ")) : a.lastDetail();
            h.append("<tr><td>").append(a.name().equals(v.best()) ? "<b>" + HtmlPage.esc(a.name()) + "</b>" : HtmlPage.esc(a.name())).append("</td><td>")
                    .append(HtmlPage.esc(a.allocatorSeen() == null ? "-" : a.allocatorSeen())).append("</td><td>").append(Units.iec(a.steady()))
                    .append("</td><td>").append(a.measuredRuns().size() > 1 ? Units.iec(a.spread()) : "-").append("</td><td>").append(Units.iec(a.peak()))
                    .append("</td><td>").append(Units.seconds(a.wallSeconds())).append("</td><td>").append(Units.seconds(a.cpuSeconds())).append("</td><td>")
                    .append(a.exitStatus() == null ? "-" : a.exitStatus()).append("</td><td>").append(a.metric() == null ? "-" : a.metric())
                    .append("</td><td>").append(HtmlPage.esc(findings)).append("</td></tr>");
        }
        h.append("</table></section>\n<section id=\"curves\"><h2>RSS over time</h2><div class=\"chart\"><canvas id=\"compareChart\" aria-label=\"RSS of every arm\"></canvas></div>"
                + "<p class=\"dim\">One line per run; the dashed line of each arm is its steady RSS (the median of the last half of its samples).</p></section>\n");
        h.append("<footer class=\"dim\"><p>jrss ").append(version).append(". Charts by Chart.js (MIT), inlined.</p></footer>\n");
        h.append(HtmlPage.charts());
        h.append("<script id=\"jrss-data\" type=\"application/json\">").append(HtmlPage.scriptJson(ComparisonJson.of(view, version).toString())).append("</script>\n");
        h.append("<script>").append(HtmlPage.resource("compare.js")).append("</script>\n</body></html>\n");
        return h.toString();
    }


    private static String ratio(Double r) { return r == null ? "-" : String.format(Locale.ROOT, "%.2fx", r); }
}
