// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Row;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signal;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.trend.Series;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.Units;
import java.util.List;
import java.util.Locale;

/**
 * The live view of a watch: on a terminal, a frame redrawn at each sample (each ledger row with its size, its
 * change since the first full sample and a sparkline; the main signals; RSS against the container limit; the
 * findings so far); elsewhere, one line per sample. Text only: the CLI decides where it goes.
 */
public final class LiveFrame {
    static final int SPARK = 24;
    static final List<Signal> SIGNALS = List.of(Signals.HEAP_USED, Signals.HEAP_OLD_USED, Signals.HEAP_COMMITTED, Signals.LOADED_CLASSES,
            Signals.THREADS, Signals.DIRECT_MEMORY, Signals.GLIBC_IN_USE, Signals.GLIBC_FREE, Signals.NATIVE_UNTRACKED, Signals.COMPILER_MEMORY);
    private final Style st;

    public LiveFrame(boolean color) { this.st = new Style(color); }

    public String frame(TimelineAssembler a, TimelineDiagnosis verdict, String command) {
        Timeline t = a.timeline();
        StringBuilder sb = new StringBuilder();
        sb.append(st.bold(command + " " + t.pid())).append("   ").append(Units.duration(t.span())).append(", ").append(t.samples().size())
                .append(" samples (").append(t.fullSamples()).append(" full), every ").append(Units.duration(t.interval()))
                .append(st.dim("   Ctrl-C ends the watch and reports")).append('\n');
        sb.append(rssLine(t)).append("\n\n");
        sb.append(st.dim(String.format(Locale.ROOT, "  %-18s %10s %10s  %s", "row", "resident", "change", "over the full samples"))).append('\n');
        for (Row row : Row.values()) {
            Series s = t.row(row.id());
            if (s.size() == 0 || (s.last() == 0 && row != Row.UNATTRIBUTED)) continue;
            sb.append(String.format(Locale.ROOT, "  %-18s %10s %10s  %s", row.id(), Units.value("bytes", s.last()),
                    Units.change("bytes", s.last() - s.values().get(0)), st.cyan(Units.spark(s.values(), SPARK)))).append('\n');
        }
        sb.append(st.dim(String.format(Locale.ROOT, "  %-18s %10s %10s  %s", "signal", "now", "change", "over all samples"))).append('\n');
        for (Signal signal : SIGNALS) {
            String name = signal.name();
            Series s = t.series(name);
            if (s.size() == 0) continue;
            sb.append(String.format(Locale.ROOT, "  %-18s %10s %10s  %s", name, Units.value(name, s.last()),
                    Units.change(name, s.last() - s.values().get(0)), st.cyan(Units.spark(s.values(), SPARK)))).append('\n');
        }
        sb.append('\n');
        List<Finding> alarming = verdict == null ? List.of() : verdict.findings().stream().filter(f -> f.severity() != Severity.info).toList();
        sb.append(st.bold("Findings so far")).append(verdict == null ? st.dim("  (after the first full sample)") : "").append('\n');
        if (verdict != null && alarming.isEmpty()) sb.append(st.green("  none")).append('\n');
        for (Finding f : alarming) {
            sb.append("  ").append(f.severity() == Severity.critical ? st.red("CRITICAL") : st.yellow("WARNING ")).append(' ')
                    .append(st.bold(f.id())).append(": ").append(f.title()).append('\n');
        }
        return sb.toString();
    }

    /** One line per sample, for a pipe or a log. */
    public String line(Sample s, TimelineAssembler a) {
        Timeline t = a.timeline();
        StringBuilder sb = new StringBuilder("[").append(Units.duration(t.span())).append("] sample ").append(t.samples().size())
                .append(s.full() ? " (full)" : "");
        for (Signal g : List.of(Signals.RSS, Signals.HEAP_USED, Signals.THREADS, Signals.LOADED_CLASSES, Signals.DIRECT_MEMORY, Signals.GLIBC_FREE)) {
            Double v = s.signal(g);
            if (v != null) sb.append(", ").append(g.name()).append(' ').append(Units.value(g.name(), v));
        }
        return sb.toString();
    }

    private String rssLine(Timeline t) {
        Series rss = t.series(Signals.RSS);
        if (rss.size() == 0) return "RSS ?";
        String limit = "";
        Double l = t.limit(Signals.RSS);
        if (l != null) limit = "   container limit " + Units.value(Signals.RSS.name(), l) + " (" + Math.round(rss.last() / l * 100) + "%)";
        return st.bold("RSS " + Units.value(Signals.RSS.name(), rss.last())) + "  " + Units.change(Signals.RSS.name(), rss.last() - rss.values().get(0)) + "  "
                + st.cyan(Units.spark(rss.values(), SPARK)) + limit;
    }
}
