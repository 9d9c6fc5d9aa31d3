// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Event;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.core.trend.Shape;
import io.jrss.core.trend.Trend;
import io.jrss.report.shared.Style;
import io.jrss.report.shared.Units;
import io.jrss.report.snapshot.SnapshotText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The terminal report at the end of watch and run (and of a recording read back): how the watch went, the ledger of
 * the last full sample and, beside it, the one at peak RSS, what moved (trends that are not stable, with their slope, interval and time to limit), the
 * findings over the whole watch, the episodes that ended before it did, and the probes that changed the target.
 */
final class TimelineText {
    private final SnapshotText text;
    private final Style st;

    TimelineText(Style st) { this.text = new SnapshotText(st); this.st = st; }

    /** @param title the first words, e.g. "jrss watch 4242" or "jrss analyze incident-42/" */
    void render(TimelineView v, String title, PrintWriter out) {
        TimelineDiagnosis td = v.diagnosis();
        WatchEnd end = v.result().end();
        List<ProbeOutcome> probes = v.result().probes();
        Snapshot s = td.last().snapshot();
        Ledger l = td.last().ledger();
        Timeline t = td.timeline();
        out.println(st.bold(title) + "  " + st.dim(SnapshotText.header(s, l)));
        out.println("Watched " + Units.duration(t.span()) + ": " + t.samples().size() + " samples (" + t.fullSamples() + " full), every "
                + Units.duration(t.interval()) + "; ended: " + end.detail());
        String limit = s.get(Readings.CGROUP_MEMORY).value().filter(c -> c.limit() != null)
                .map(c -> "   container limit " + c.limit().toIec() + " (RSS is " + SnapshotText.pct(l.rss().ratioOf(c.limit())) + ")").orElse("");
        out.println(st.bold("RSS " + (l.rssKnown() ? l.rss().toIec() : "unknown")) + st.dim(t.fullSamples() > 0 ? "  (last full sample, " + l.rssSource() + ")"
                : "  (" + l.rssSource() + ", beside the history)") + limit);
        out.println();
        text.ledger(l, out);
        out.println();
        PeakText peak = new PeakText(st);
        peak.ledgers(v, out);
        trends(td, out);
        text.findings(td.findings(), io.jrss.core.analysis.Unjudged.of(td.last(), td.findings(), td.notEvaluated()), td.episodes().isEmpty() ? "No findings over the watch: nothing grew or stayed wrong long enough to matter."
                : "No findings at the end of the watch; what held for a while is below.", out);
        peak.episodes(td, out);
        probes(probes, out);
        culpritReadings(t, out);
        text.gaps(td.last().unavailable(), td.notEvaluated(), out);
        out.flush();
    }

    private void trends(TimelineDiagnosis td, PrintWriter out) {
        List<Trend> moving = new ArrayList<>(), stable = new ArrayList<>();
        for (List<Trend> list : List.of(td.rowTrends(), td.signalTrends())) {
            for (Trend t : list) (t.shape() == Shape.stable ? stable : moving).add(t);
        }
        out.println(st.bold("Trends") + st.dim("  (Theil-Sen slope per hour, 95% interval; shape; time to the limit)"));
        if (moving.isEmpty()) out.println("  everything stable");
        for (Trend t : moving) {
            String ttl = t.timeToLimit() == null ? "" : "  limit in " + Units.duration(t.timeToLimit());
            out.println(String.format(Locale.ROOT, "  %-22s %10s  %10s/h  [%s .. %s]  %-9s%s", t.name(), Units.value(t.name(), t.last()),
                    Units.perHour(t.name(), t.slope().perSecond()), Units.perHour(t.name(), t.slope().low()),
                    Units.perHour(t.name(), t.slope().high()), t.shape(), ttl));
        }
        if (!stable.isEmpty()) out.println(st.dim("  stable: " + String.join(", ", stable.stream().map(Trend::name).toList())));
        out.println();
    }

    /** The culprit readings the watch took, when and at what cost: the report says what jrss asked of the target. */
    private void culpritReadings(Timeline t, PrintWriter out) {
        List<Event> took = t.events().stream().filter(e -> e.kind() == Event.Kind.watch && e.what().equals("culprits")).toList();
        if (took.isEmpty() || t.samples().isEmpty()) return;
        out.println(st.bold("Culprit readings") + st.dim("  (when a finding fired, then each full interval; --culprits=none turns them off)"));
        for (Event e : took) out.println("  [" + PeakText.offset(t.samples().get(0).time(), e.time()) + "] " + e.text());
        out.println();
    }

    private void probes(List<ProbeOutcome> probes, PrintWriter out) {
        if (probes.isEmpty()) return;
        out.println(st.bold("Probes") + st.dim("  (asked for with --trim-probe / --nmt-baseline / --live-probe; they changed the target)"));
        for (ProbeOutcome p : probes) {
            if (!p.ran()) {
                out.println("  - " + p.command() + ": did not run: " + p.output().lines().findFirst().orElse(""));
            } else if (p.name().equals(io.jrss.core.capture.ProbeResult.LIVE)) {
                out.println("  - " + p.command() + " at " + p.time() + ": one full collection, so that the old generation read next is the live set"
                        + (p.rssBefore() != null && p.rssAfter() != null ? "; RSS " + p.rssBefore().toIec() + " -> " + p.rssAfter().toIec() : ""));
            } else if (p.returned() != null) {
                out.println("  - " + p.command() + " at " + p.time() + ": RSS " + p.rssBefore().toIec() + " -> " + p.rssAfter().toIec()
                        + " (" + p.returned().toIec() + " returned to the OS: that much was free memory glibc kept, not live native memory)");
                out.println(st.dim("    " + p.output().lines().findFirst().orElse("")));
            } else if (p.nmtDiff() != null) {
                List<NmtDiff.Change> grown = p.nmtDiff().grownMost(5);
                out.println("  - " + p.command() + ": NMT committed " + p.nmtDiff().totalCommittedDelta().toSignedIec() + " since the baseline"
                        + (grown.isEmpty() ? "" : "; grew most: " + String.join(", ", grown.stream().map(c -> c.name() + " " + c.committedDelta().toSignedIec()).toList())));
            } else {
                out.println("  - " + p.command() + ": " + p.output().lines().findFirst().orElse(""));
            }
        }
        out.println();
    }

}
