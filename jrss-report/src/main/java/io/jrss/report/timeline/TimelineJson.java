// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Episode;
import io.jrss.core.analysis.ProbeOutcome;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.capture.Event;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.core.trend.Trend;
import io.jrss.report.shared.Json;
import io.jrss.report.snapshot.SnapshotJson;
import java.util.List;

/**
 * The JSON of watch, run and analyze of a history: explain's object for the last full sample, the findings over the
 * whole watch, its episodes, its peak, and the {@code timeline} member: every sample (signals; ledger rows for full
 * samples), the trends per row and per signal, the events, the probes and how the watch ended. Bytes are numbers
 * of bytes; slopes are per hour in the signal's unit; an unbounded interval end is null.
 */
public final class TimelineJson {
    private TimelineJson() {}

    /**
     * The object of the last full snapshot with the findings over the whole watch, the {@code episodes} (findings
     * that went away before the end), the {@code peak} (the same fields for the full sample at the highest RSS), plus
     * its {@code timeline}.
     */
    public static ObjectNode of(TimelineView v, String version) {
        TimelineDiagnosis td = v.diagnosis();
        ObjectNode root = SnapshotJson.of(td.last(), td.findings(), td.notEvaluated(), version);
        ArrayNode episodes = Json.MAPPER.createArrayNode();
        for (Episode e : td.episodes()) {
            ObjectNode o = SnapshotJson.finding(episodes.addObject(), e.atPeak());
            o.put("severity", "resolved");
            o.put("peak_severity", e.atPeak().severity().name());
            o.put("started_at", e.started().toString());
            o.put("last_seen_at", e.lastSeen().toString());
            o.put("ended_at", e.ended().toString());
            o.put("peak_at", e.peakAt().toString());
            o.put("duration_seconds", e.span().toMillis() / 1000.0);
            o.put("full_samples_raised", e.raised());
            o.put("full_samples", e.samples());
        }
        root.set("episodes", episodes);
        ObjectNode peak = SnapshotJson.of(td.peak(), td.peak().findings(), td.peak().notEvaluated(), version);
        v.highest().ifPresent(h -> peak.putObject("highest_rss_sampled").put("bytes", h.bytes()).put("at", h.at().toString())
                .put("full", h.full()));
        root.set("peak", peak);
        root.set("timeline", timeline(td, v.result().end(), v.result().probes()));
        return root;
    }


    private static ObjectNode timeline(TimelineDiagnosis td, WatchEnd end, List<ProbeOutcome> probes) {
        Timeline t = td.timeline();
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("pid", t.pid());
        o.put("interval_ms", t.interval().toMillis());
        o.put("sample_count", t.samples().size());
        o.put("full_sample_count", t.fullSamples());
        o.put("span_seconds", t.span().toMillis() / 1000.0);
        o.putObject("end").put("reason", end.reason().name()).put("detail", end.detail());
        ObjectNode limits = o.putObject("limits");
        t.limits().forEach((k, v) -> limits.put(k, v.longValue()));
        ArrayNode samples = o.putArray("samples");
        for (Sample s : t.samples()) {
            ObjectNode so = samples.addObject();
            so.put("time", s.time().toString());
            so.put("full", s.full());
            ObjectNode sig = so.putObject("signals");
            s.signals().forEach((k, v) -> sig.put(k, v.longValue()));
            if (s.full()) {
                ObjectNode rows = so.putObject("rows");
                s.rows().forEach(rows::put);
            }
        }
        ObjectNode trends = o.putObject("trends");
        trends(trends.putArray("rows"), td.rowTrends());
        trends(trends.putArray("signals"), td.signalTrends());
        ArrayNode events = o.putArray("events");
        for (Event e : t.events()) events.addObject().put("time", e.time().toString()).put("kind", e.kind().name()).put("what", e.what()).put("text", e.text());
        ArrayNode ps = o.putArray("probes");
        for (ProbeOutcome p : probes) ps.add(probe(p));
        return o;
    }

    private static void trends(ArrayNode out, List<Trend> trends) {
        for (Trend t : trends) {
            ObjectNode o = out.addObject();
            o.put("name", t.name());
            o.put("samples", t.samples());
            o.put("span_seconds", t.span().toMillis() / 1000.0);
            o.put("last", t.last());
            o.put("slope_per_hour", finite(t.slope().perHour()));
            o.put("slope_low_per_hour", finite(t.slope().low() * 3600));
            o.put("slope_high_per_hour", finite(t.slope().high() * 3600));
            o.put("shape", t.shape().name());
            o.put("limit", t.limit());
            o.put("time_to_limit_seconds", t.timeToLimit() == null ? null : t.timeToLimit().toSeconds());
        }
    }

    private static ObjectNode probe(ProbeOutcome p) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("name", p.name()).put("command", p.command()).put("time", p.time().toString()).put("ran", p.ran());
        o.put("changes_target", true);
        o.put("output", p.output());
        o.put("rss_before_bytes", p.rssBefore() == null ? null : p.rssBefore().value());
        o.put("rss_after_bytes", p.rssAfter() == null ? null : p.rssAfter().value());
        o.put("returned_bytes", p.returned() == null ? null : p.returned().value());
        if (p.nmtDiff() != null) {
            ArrayNode grown = o.putArray("nmt_grown");
            for (NmtDiff.Change c : p.nmtDiff().grownMost(Integer.MAX_VALUE)) {
                grown.addObject().put("category", c.name()).put("committed_bytes", c.committed().value())
                        .put("committed_delta_bytes", c.committedDelta().value());
            }
            o.put("nmt_total_committed_delta_bytes", p.nmtDiff().totalCommittedDelta().value());
        }
        return o;
    }

    private static Double finite(double v) { return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : null; }
}
