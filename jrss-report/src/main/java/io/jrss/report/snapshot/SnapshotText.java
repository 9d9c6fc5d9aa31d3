// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.Unjudged;
import io.jrss.core.ledger.Accuracy;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The terminal report of explain: a header naming the target, the ledger (largest rows first, % of RSS, a bar),
 * the findings with evidence and remedy, then what was unavailable and how to get it. Deterministic for a given
 * diagnosis; colour only when asked.
 */
public final class SnapshotText {
    private static final int BAR = 24;
    private final Style st;

    public SnapshotText(boolean color) { this(new Style(color)); }

    public SnapshotText(Style st) { this.st = st; }

    public void render(Diagnosis d, PrintWriter out) { render(d, out, "jrss explain " + d.snapshot().pid()); }

    /** @param title the first words, e.g. "jrss explain 4242" or "jrss analyze nmt.txt" */
    public void render(Diagnosis d, PrintWriter out, String title) {
        Snapshot s = d.snapshot();
        Ledger l = d.ledger();
        out.println(st.bold(title) + "  " + st.dim(header(s, l)));
        String limit = s.get(Readings.CGROUP_MEMORY).value().filter(c -> c.limit() != null)
                .map(c -> "   container limit " + c.limit().toIec() + " (RSS is " + pct(l.rss().ratioOf(c.limit())) + ")").orElse("");
        out.println(st.bold("RSS " + (l.rssKnown() ? l.rss().toIec() : "unknown")) + st.dim("  (" + l.rssSource() + ")") + limit
                + (l.partial() ? st.yellow("  partial ledger") : ""));
        out.println();
        ledger(l, out);
        out.println();
        findings(d.findings(), Unjudged.of(d), "No findings: nothing in this snapshot needs attention.", out);
        gaps(d.unavailable(), d.notEvaluated(), out);
        out.flush();
    }

    public void gaps(List<Unavailable> unavailable, List<RuleResult.NotEvaluated> notEvaluated, PrintWriter out) {
        if (!unavailable.isEmpty()) {
            out.println(st.bold("Unavailable"));
            for (Unavailable u : unavailable) out.println("  - " + u.reading() + ": " + u.reason() + st.dim("  -> " + u.how()));
            out.println();
        }
        if (!notEvaluated.isEmpty()) {
            out.println(st.bold("Not evaluated"));
            for (RuleResult.NotEvaluated n : notEvaluated) out.println("  - " + n.rule() + ": " + n.reason());
            out.println();
        }
    }

    public static String header(Snapshot s, Ledger l) {
        String java = s.get(Readings.VERSION).map(v -> "Java " + v.version()).value().orElse("Java ?");
        String vendor = s.vendor() == null ? "" : " (" + s.vendor() + ")";
        String nmt = "NMT " + s.get(Readings.NMT).map(n -> n.level()).value().orElse("off");
        String alloc = l.malloc() == null ? "" : ", " + l.malloc().allocator() + " malloc"
                + (l.malloc().allocator() == Allocator.glibc ? ", " + l.malloc().arenas() + " arenas" : "");
        return java + vendor + ", " + s.gc() + ", " + nmt + alloc + ", " + (s.time().getEpochSecond() == 0 ? "time unknown" : s.time());
    }

    public void ledger(Ledger l, PrintWriter out) {
        out.println(st.dim(String.format(Locale.ROOT, "  %-15s %10s %7s  %-" + BAR + "s  %-8s  %s", "row", "resident", "of RSS", "", "", "source")));
        for (LedgerRow r : SnapshotView.shown(l)) {
            double share = r.bytes().ratioOf(l.rss());
            String bar = String.format(Locale.ROOT, "%-" + BAR + "s", Style.bar(share, BAR));
            String line = String.format(Locale.ROOT, "  %-15s %10s %7s  %s  %-8s  %s", r.id(), r.bytes().toIec(), pct1(share),
                    r.row() == Row.UNATTRIBUTED ? st.dim(bar) : st.cyan(bar),
                    r.accuracy() == Accuracy.exact ? "exact" : st.dim("estimate"), st.dim(r.source()));
            out.println(line);
        }
        for (String n : l.notes()) out.println(st.dim("  note: " + n));
    }

    public void findings(List<Finding> findings, String none, PrintWriter out) { findings(findings, List.of(), none, out); }

    /** The findings; with none, {@code none} in green only when no dominant row went unjudged (then what was not judged, and how to find out). */
    public void findings(List<Finding> findings, List<Unjudged> unjudged, String none, PrintWriter out) {
        if (findings.isEmpty() && unjudged.isEmpty()) {
            out.println(st.green(none));
            out.println();
            return;
        }
        if (findings.isEmpty()) {
            unjudged(unjudged, "No findings, but not nothing: most of the RSS is a row no rule could judge", out);
            return;
        }
        findingsList(findings, out);
        if (!unjudged.isEmpty()) unjudged(unjudged, "Not judged", out);
    }

    private void unjudged(List<Unjudged> unjudged, String heading, PrintWriter out) {
        out.println(st.yellow(heading));
        for (Unjudged u : unjudged) {
            out.println("  " + st.yellow("?") + " " + SnapshotView.sentence(u));
            out.println("    to find out: " + u.how());
        }
        out.println();
    }

    private void findingsList(List<Finding> findings, PrintWriter out) {
        out.println(st.bold("Findings"));
        for (Finding f : findings) {
            String sev = switch (f.severity()) {
                case critical -> st.red("CRITICAL");
                case warning -> st.yellow("WARNING ");
                case info -> st.cyan("info    ");
            };
            out.println("  " + sev + " " + st.bold(f.id()) + ": " + f.title() + st.dim(" [confidence " + f.confidence() + "]"));
            StringBuilder ev = new StringBuilder();
            for (Evidence.Fact x : f.evidence().facts()) {
                if (ev.length() > 0) ev.append(", ");
                ev.append(x.name()).append('=').append(evidence(x));
            }
            out.println(st.dim("           evidence: " + ev));
            for (Culprit c : f.culprits()) out.println("           " + (c == f.culprits().get(0) ? "culprit: " : "   then: ") + culprit(c));
            for (int i = 0; i < f.remedy().size(); i++) out.println("           " + (i + 1) + ". " + f.remedy().get(i));
            if (f.severity() != Severity.info) out.println();
        }
        out.println();
    }

    /** "class-loader Loaders$GeneratedLoader: 5,000, 48.2 MiB (91%) [jcmd 42 VM.classloader_stats]". */
    public static String culprit(Culprit c) {
        StringBuilder b = new StringBuilder(c.kind().json()).append(' ').append(c.name()).append(':');
        if (c.count() != null) b.append(' ').append(String.format(java.util.Locale.ROOT, "%,d", c.count()));
        if (c.bytes() != null) b.append(c.count() != null ? ", " : " ").append(c.bytes().toIec());
        if (c.growthPerHour() != null) b.append(", ").append(c.bytes() != null ? Bytes.of(c.growthPerHour()).toSignedIec() : String.format(java.util.Locale.ROOT, "%+,d", c.growthPerHour())).append("/h");
        if (c.share() != null) b.append(" (").append(pct(c.share())).append(')');
        return b.append(" [").append(c.how()).append(']').toString();
    }

    /** A fact as the text and HTML reports print it: amounts in binary units, the rest as measured. */
    public static String evidence(Evidence.Fact x) { return x instanceof Evidence.Amount a ? a.value().toIec() : String.valueOf(x.value()); }

    public static String pct(double r) { return Math.round(r * 100) + "%"; }

    private static String pct1(double r) { return String.format(Locale.ROOT, "%.1f%%", r * 100); }
}
