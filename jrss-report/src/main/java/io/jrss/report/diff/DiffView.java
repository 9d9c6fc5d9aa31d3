// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.diff.Change;
import io.jrss.core.diff.Diff;
import io.jrss.core.diff.FindingChange;
import io.jrss.core.diff.SetupChange;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.DiffResult;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.View;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * jrss diff as shown: two sides, their changes, and the one sentence of what changed, worded here from core's
 * {@link Diff} (the report's words, kept out of core).
 */
public record DiffView(DiffResult result, String summary) implements View {
    public static DiffView of(DiffResult r) { return new DiffView(r, summary(r.diff())); }

    @Override public void text(Style st, String title, PrintWriter out) { new DiffText(st).render(this, title, out); }

    @Override public ObjectNode json(String version) { return DiffJson.of(this, version); }

    @Override public String html(String title, String version) { return DiffHtml.of(this, title, version); }

    /** The RSS, the rows that moved most, the findings that appeared and went away, the settings changed. */
    static String summary(Diff d) {
        Change rss = d.rss();
        StringBuilder sb = new StringBuilder();
        if (rss.delta() != null) {
            sb.append("RSS ").append(iec(rss.before())).append(" -> ").append(iec(rss.after())).append(" (").append(signed(rss.delta()))
                    .append(rss.ratio() == null ? "" : String.format(Locale.ROOT, ", %+.0f%%", 100 * rss.ratio())).append(")");
        } else {
            sb.append("RSS not known on ").append(rss.before() == null && rss.after() == null ? "either side" : rss.before() == null ? "the before side" : "the after side");
        }
        // By size, unattributed too: without NMT or smaps an RSS that grew is all unattributed, and that is the news.
        List<Change> moved = d.changedRows().stream().filter(c -> c.delta() != null)
                .sorted(Comparator.comparingDouble(Change::magnitude).reversed()).limit(3).toList();
        if (!moved.isEmpty()) sb.append("; most moved: ").append(String.join(", ", moved.stream().map(c -> c.name() + " " + signed(c.delta())).toList()));
        else if (!d.rows().isEmpty()) sb.append("; no ledger row moved more than 1 MiB and 1%");
        List<String> appeared = d.findings(FindingChange.Status.appeared).stream().map(FindingChange::id).toList();
        List<String> gone = d.findings(FindingChange.Status.went_away).stream().map(FindingChange::id).toList();
        if (!appeared.isEmpty()) sb.append("; appeared: ").append(String.join(", ", appeared));
        if (!gone.isEmpty()) sb.append("; went away: ").append(String.join(", ", gone));
        if (appeared.isEmpty() && gone.isEmpty()) sb.append("; the same findings on both sides");
        List<SetupChange> chosen = d.chosenSetup();
        if (!chosen.isEmpty()) {
            sb.append("; changed: ").append(String.join(", ", chosen.stream().limit(4).map(s -> s.what() + " " + s.before() + " -> " + s.after()).toList()));
            if (chosen.size() > 4) sb.append(" and ").append(chosen.size() - 4).append(" more");
        }
        return sb.toString();
    }

    private static String iec(double v) { return Bytes.of(Math.round(v)).toIec(); }

    private static String signed(double v) { return Bytes.of(Math.round(v)).toSignedIec(); }
}
