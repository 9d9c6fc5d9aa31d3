// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import io.jrss.core.diff.Change;
import io.jrss.core.diff.Diff;
import io.jrss.core.diff.FindingChange;
import io.jrss.core.diff.SetupChange;
import io.jrss.core.diff.Side;
import io.jrss.core.rules.Finding;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.Units;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * jrss diff for a person: the two sides, the one-sentence summary, the settings that differ, the ledger row by row,
 * the findings that appeared, went away or stayed, and the signals that moved.
 */
record DiffText(Style style) {
    void render(DiffView view, String title, PrintWriter out) {
        Diff d = view.result().diff();
        out.println(style.bold(title));
        out.println("  before: " + side(d.before()));
        out.println("  after:  " + side(d.after()));
        out.println();
        out.println(style.bold("What changed") + ": " + view.summary());
        out.println();
        if (!d.setup().isEmpty()) {
            out.println(style.bold("Set-up") + style.dim(" (the settings that differ)"));
            for (SetupChange s : d.setup()) if (s.chosen()) out.printf("  %-34s %s -> %s%n", s.what(), s.before(), s.after());
            List<SetupChange> ergonomic = d.setup().stream().filter(s -> !s.chosen()).toList();
            if (!ergonomic.isEmpty()) out.println("  " + style.dim(ergonomic.size() + " flags no command line names differ too (the JVM's ergonomics):"));
            for (SetupChange s : ergonomic) out.println(style.dim(String.format("    %-32s %s -> %s", s.what(), s.before(), s.after())));
            out.println();
        }
        out.println(style.bold("Ledger") + style.dim(" (resident bytes by row; '=' moved less than 1 MiB or 1%)"));
        out.printf("  %-18s %11s %11s %11s %8s%n", "row", "before", "after", "change", "");
        line("RSS", d.rss(), out);
        for (Change c : d.rows()) line(c.name(), c, out);
        out.println();
        findings(d, out);
        List<Change> signals = d.changedSignals();
        out.println(style.bold("Signals that moved") + style.dim(" (" + signals.size() + " of " + d.signals().size() + "; counts like collections are since each JVM started)"));
        for (Change c : signals) line(c.name(), c, out);
        if (signals.isEmpty()) out.println("  " + style.dim("none"));
    }

    private String side(Side s) {
        Snapshot snap = s.diagnosis().snapshot();
        String version = snap.get(Readings.VERSION).map(v -> v.version()).orNull();
        return s.input() + style.dim(" (" + s.kind() + (snap.pid() == 0 ? "" : ", pid " + snap.pid()) + (version == null ? "" : ", JDK " + version)
                + ("unknown".equals(snap.gc()) ? "" : ", " + snap.gc()) + (snap.time().equals(Instant.EPOCH) ? "" : ", " + snap.time()) + ")");
    }

    private void line(String name, Change c, PrintWriter out) {
        String before = Units.amount(c, c.before()), after = Units.amount(c, c.after());
        if (c.before() == null && c.after() == null) {
            out.printf("  %-18s %11s %11s%n", name, "-", "-");
            return;
        }
        if (!c.changed()) {
            out.printf("  %-18s %11s %11s %11s%n", name, before, after, style.dim("="));
            return;
        }
        String change = c.delta() == null ? "" : Units.signedAmount(c, c.delta());
        String pct = c.ratio() == null ? "" : String.format(Locale.ROOT, "%+.0f%%", 100 * c.ratio());
        String shown = c.delta() == null ? "" : c.delta() > 0 ? style.red(String.format("%11s", change)) : style.green(String.format("%11s", change));
        out.printf("  %-18s %11s %11s %s %8s%n", name, before, after, shown, pct);
    }


    private void findings(Diff d, PrintWriter out) {
        out.println(style.bold("Findings"));
        if (d.findings().isEmpty()) out.println("  " + style.dim("none on either side"));
        for (FindingChange f : d.findings()) {
            Finding now = f.latest();
            switch (f.status()) {
                case appeared -> out.println("  " + style.red("+ appeared ") + " " + now.id() + " [" + now.severity() + "] " + now.title());
                case went_away -> out.println("  " + style.green("- went away") + " " + now.id() + " [" + now.severity() + "] " + now.title());
                default -> {
                    String sev = f.before().severity() == f.after().severity() ? now.severity().name() : f.before().severity() + " -> " + f.after().severity();
                    out.println("  " + style.dim("= stayed   ") + " " + now.id() + " [" + sev + "] " + now.title());
                }
            }
        }
        out.println();
    }
}
