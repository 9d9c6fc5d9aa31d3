// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.profile;

import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.result.ProfileResult;
import io.jrss.report.shared.HtmlPage;

/**
 * jrss profile-native as one self-contained page: the join to the ledger and the ledger itself beside the unfreed
 * stacks as async-profiler's own flame graph (its page, embedded in a frame of this one).
 */
final class ProfileHtml {
    private ProfileHtml() {}

    static String of(ProfileView v, String title) {
        ProfileResult r = v.result();
        NativeProfile p = r.profile();
        StringBuilder h = new StringBuilder(HtmlPage.head(title));
        h.append("<header><h1>").append(HtmlPage.esc(title)).append("</h1><p class=\"meta\"><b>Changed the target</b>: loaded async-profiler ")
                .append(HtmlPage.esc(r.profilerVersion())).append(" into pid ").append(r.pid()).append(" (it stays loaded). ")
                .append(Math.round(p.durationSeconds())).append(" s, ").append(p.mallocs()).append(" mallocs, ").append(p.frees()).append(" frees.</p></header>\n");
        h.append("<section id=\"join\"><h2>Joined to the ledger</h2><p><b>").append(HtmlPage.esc(v.summary())).append("</b></p>");
        h.append("<table><tr><th>ledger row</th><th class=\"num\">before</th><th class=\"num\">after</th></tr>");
        for (LedgerRow row : r.after().ledger().sorted()) {
            if (!row.bytes().isPositive()) continue;
            h.append("<tr><td>").append(HtmlPage.esc(row.id())).append("</td><td class=\"num\">").append(r.before().ledger().bytes(row.row()).toIec())
                    .append("</td><td class=\"num\">").append(row.bytes().toIec()).append("</td></tr>");
        }
        h.append("</table></section>\n<section id=\"callers\"><h2>Callers by unfreed bytes</h2><table><tr><th class=\"num\">unfreed</th>"
                + "<th class=\"num\">allocated</th><th class=\"num\">stacks</th><th>caller</th></tr>");
        p.groups().stream().limit(20).forEach(g -> h.append("<tr><td class=\"num\">").append(g.unfreed().toIec()).append("</td><td class=\"num\">")
                .append(g.allocated().toIec()).append("</td><td class=\"num\">").append(g.sites()).append("</td><td>").append(HtmlPage.esc(g.name())).append("</td></tr>"));
        h.append("</table></section>\n<section id=\"flame\"><h2>Unfreed stacks</h2>");
        if (r.flameGraph() == null) h.append("<p class=\"dim\">No flame graph: the profile recorded no unfreed allocation.</p>");
        else h.append("<iframe title=\"flame graph\" style=\"width:100%;height:640px;border:1px solid var(--line)\" srcdoc=\"")
                .append(HtmlPage.esc(r.flameGraph())).append("\"></iframe><p class=\"dim\">Drawn by async-profiler's converter (jfrconv --nativemem --leak --total).</p>");
        h.append("</section>\n<section id=\"blind\"><h2>What this profile cannot see</h2><ul>");
        r.blind().forEach(b -> h.append("<li>").append(HtmlPage.esc(b)).append("</li>"));
        h.append("</ul></section>\n<script>window.jrssReady = performance.now();</script>\n</body></html>\n");
        return h.toString();
    }
}
