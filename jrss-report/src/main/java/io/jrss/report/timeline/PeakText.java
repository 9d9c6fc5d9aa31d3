// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.Episode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.Units;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * The parts of a watch's terminal report that the last sample alone cannot tell: the ledger at peak RSS beside the
 * ledger at the end (the peak is what a container limit meets), and the episodes, findings that held for a while
 * and were gone by the end.
 */
final class PeakText {
    private final Style st;

    PeakText(Style st) { this.st = st; }

    /** Both ledgers side by side, rows as the view chose them; nothing when the last full sample was the peak. */
    void ledgers(TimelineView v, PrintWriter out) {
        if (!v.peakShown()) return;
        TimelineDiagnosis td = v.diagnosis();
        Ledger peak = td.peak().ledger(), last = td.last().ledger();
        Instant t0 = td.timeline().samples().get(0).time();
        out.println(st.bold("Ledger at peak RSS") + st.dim("  (the full sample with the highest RSS, beside the last one)"));
        out.println(st.dim(String.format(Locale.ROOT, "  %-15s %12s %12s %10s", "row", "at " + offset(t0, td.peak().snapshot().time()),
                "at " + offset(t0, td.last().snapshot().time()), "change")));
        for (PeakRow r : v.peakRows()) {
            out.println(String.format(Locale.ROOT, "  %-15s %12s %12s %10s", r.id(), r.atPeak().toIec(), r.atEnd().toIec(), signed(r.atEnd().minus(r.atPeak()))));
        }
        out.println(String.format(Locale.ROOT, "  %-15s %12s %12s %10s", "RSS", peak.rss().toIec(), last.rss().toIec(), signed(last.rss().minus(peak.rss()))));
        v.highest().filter(h -> h.bytes() > peak.rss().value() * 1.02).ifPresent(h -> out.println(st.dim(
                "  note: a cheap sample at " + offset(t0, h.at()) + " saw RSS " + Bytes.of(h.bytes()).toIec() + ", above the full sample at peak")));
        out.println();
    }

    void episodes(TimelineDiagnosis td, PrintWriter out) {
        if (td.episodes().isEmpty()) return;
        Instant t0 = td.timeline().samples().get(0).time();
        out.println(st.bold("Episodes") + st.dim("  (findings that held for a while and were gone by the end)"));
        for (Episode e : td.episodes()) {
            out.println("  " + st.green("RESOLVED") + " " + st.bold(e.id()) + ": " + e.atPeak().title()
                    + st.dim(" [was " + e.atPeak().severity() + ", confidence " + e.atPeak().confidence() + "]"));
            out.println(st.dim("           from " + offset(t0, e.started()) + " to " + offset(t0, e.ended()) + " (" + Units.duration(e.span())
                    + "), peak at " + offset(t0, e.peakAt()) + "; raised by " + e.raised() + " of " + e.samples() + " full samples"));
            for (int i = 0; i < e.atPeak().remedy().size(); i++) out.println("           " + (i + 1) + ". " + e.atPeak().remedy().get(i));
        }
        out.println();
    }

    /** "+1m 05s": time since the watch's first sample. */
    static String offset(Instant t0, Instant t) { return "+" + Units.duration(Duration.between(t0, t)); }

    private static String signed(Bytes b) { return (b.value() > 0 ? "+" : b.value() < 0 ? "-" : "") + Bytes.of(Math.abs(b.value())).toIec(); }
}
