// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.size;

import io.jrss.core.result.SizeProof;
import io.jrss.core.size.SizeRow;
import io.jrss.core.size.Sizing;
import io.jrss.report.shared.HtmlPage;

/** jrss size as one self-contained HTML page: the limit, its parts with their measurements, the forms, the buildpack, the proof. */
final class SizeHtml {
    private SizeHtml() {}

    static String of(SizeView v, String title, String version) {
        Sizing s = v.result().sizing();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1></header>\n<section id=\"summary\"><h2>Recommendation</h2><p><b>")
                .append(HtmlPage.esc(s.isRefused() ? "Refused (" + s.refused().finding() + "): " + s.refused().reason() : v.summary())).append("</b></p>");
        if (!s.isRefused()) {
            h.append("<table><tr><th>part</th><th class=\"num\">bytes</th><th class=\"num\">measured</th><th class=\"num\">headroom</th><th>basis</th></tr>");
            for (SizeRow r : s.rows()) {
                h.append("<tr><td>").append(HtmlPage.esc(r.id())).append("</td><td class=\"num\">").append(r.bytes().toIec()).append("</td><td class=\"num\">")
                        .append(r.measured().toIec()).append("</td><td class=\"num\">").append(r.headroom().toIec()).append("</td><td>")
                        .append(HtmlPage.esc(r.basis() + (r.why().isEmpty() ? "" : "; " + r.why()))).append("</td></tr>");
            }
            h.append("<tr><th>limit</th><th class=\"num\">").append(s.limit().toIec()).append("</th><th></th><th></th><th>confidence ")
                    .append(s.confidence()).append("</th></tr></table>");
            h.append("<ul>");
            s.notes().forEach(n -> h.append("<li>").append(HtmlPage.esc(n)).append("</li>"));
            h.append("</ul></section>\n<section id=\"forms\"><h2>To deploy</h2><pre>").append(HtmlPage.esc(String.join("\n", v.kubernetes())))
                    .append("</pre><pre>").append(HtmlPage.esc(String.join("\n", v.envLines()))).append("</pre><h3>Buildpack memory calculator</h3><pre>")
                    .append(HtmlPage.esc(String.join("\n", v.buildpackVars()))).append("</pre><p>Its formula for this JVM asks ")
                    .append(s.buildpack().limit().toIec()).append(", leaving ").append(s.buildpack().nonHeap().toIec()).append(" beside the heap; this JVM's non-heap measured ")
                    .append(s.buildpack().measuredNonHeap().toIec()).append(s.buildpack().underProvisions() ? ": the formula would have had it killed." : ".").append("</p>");
        }
        h.append("</section>\n");
        SizeProof p = v.result().proof();
        if (p != null) {
            h.append("<section id=\"proof\"><h2>Proof</h2><table><tr><th>run</th><th class=\"num\">peak usage</th><th>end</th><th class=\"num\">seconds</th><th class=\"num\">metric</th></tr>");
            if (p.free() != null) row(h, "free", p.free());
            p.runs().forEach(r -> row(h, "run " + r.run(), r));
            h.append("</table><p>").append(p.kills() == 0 ? "No OOM kill" : p.kills() + " OOM kill(s)").append(" under ").append(p.limit().toIec())
                    .append(p.broken() == 0 ? "; every run ended as the unconstrained run did." : "; " + p.broken() + " run(s) ended otherwise than the unconstrained run.")
                    .append("</p></section>\n");
        }
        h.append("<footer class=\"dim\"><p>jrss ").append(version).append("</p></footer>\n");
        h.append("<script id=\"jrss-data\" type=\"application/json\">").append(HtmlPage.scriptJson(SizeJson.of(v, version).toString())).append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static void row(StringBuilder h, String name, SizeProof.Run r) {
        h.append("<tr><td>").append(name).append("</td><td class=\"num\">").append(r.peakUsage().toIec()).append("</td><td>")
                .append(r.oomKills() > 0 ? "OOM killed" : "exit " + r.exitStatus()).append("</td><td class=\"num\">")
                .append(String.format(java.util.Locale.ROOT, "%.1f", r.wallSeconds())).append("</td><td class=\"num\">")
                .append(r.metric() == null ? "" : r.metric()).append("</td></tr>");
    }
}
