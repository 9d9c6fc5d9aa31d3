// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.Verdict;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.ComparisonResult;
import io.jrss.report.shared.Json;
import io.jrss.report.snapshot.SnapshotJson;
import java.util.List;
import java.util.Map;

/**
 * The JSON of jrss compare (docs/json.md, "compare"): the command, each arm with its runs and its medians, and the
 * verdict. The names of the arm and verdict fields are a contract other tools read; new fields are only ever added.
 */
final class ComparisonJson {
    private ComparisonJson() {}

    static ObjectNode of(ComparisonView view, String version) {
        ComparisonResult c = view.result();
        ObjectNode root = Json.root(version);
        ArrayNode command = root.putArray("command");
        c.command().forEach(command::add);
        root.put("repeat", c.repeat());
        root.put("metric_regex", c.metricRegex());
        root.put("interrupted", c.interrupted());
        root.put("record_dir", c.recordDir());
        ArrayNode arms = root.putArray("arms");
        for (ArmResult a : c.arms()) arm(arms.addObject(), a, c.recordDir());
        verdict(root.putObject("verdict"), c.verdict(), view);
        return root;
    }

    private static void arm(ObjectNode o, ArmResult a, String recordDir) {
        o.put("name", a.name());
        ObjectNode env = o.putObject("env");
        a.env().forEach(env::put);
        strings(o, "jvm_flags", a.jvmFlags());
        o.put("allocator", a.allocator());
        o.put("allocator_seen", a.allocatorSeen());
        o.put("ran_as_named", a.ranAsNamed());
        ArrayNode runs = o.putArray("runs");
        for (ArmRun r : a.runs()) {
            run(runs.addObject(), r).put("recording", recordDir == null ? null : recordDir + "/" + ArmRun.recordingName(a.name(), r.run()));
        }
        putBytes(o, "peak_rss_bytes", a.peak());
        putBytes(o, "steady_rss_bytes", a.steady());
        putBytes(o, "spread_bytes", a.measured() ? a.spread() : null);
        o.put("wall_seconds", a.wallSeconds());
        o.put("cpu_seconds", a.cpuSeconds());
        o.put("exit_status", a.exitStatus());
        o.put("metric", a.metric());
        ArmRun last = a.last();
        stats(o.putObject("allocator_stats"), last == null ? Map.of() : last.allocatorStats());
        ArrayNode findings = o.putArray("findings");
        a.findings().forEach(f -> SnapshotJson.finding(findings.addObject(), f));
        ArrayNode ledger = o.putArray("ledger");
        if (last != null && last.diagnosis() != null) {
            for (LedgerRow row : last.diagnosis().last().ledger().rows()) ledger.addObject().put("id", row.id()).put("bytes", row.bytes().value());
        }
    }

    private static ObjectNode run(ObjectNode o, ArmRun r) {
        o.put("run", r.run());
        o.put("status", r.status().name());
        o.put("detail", r.detail());
        o.put("measured", r.measured());
        putBytes(o, "peak_rss_bytes", r.rss().isEmpty() ? null : r.peak());
        putBytes(o, "steady_rss_bytes", r.rss().isEmpty() ? null : r.steady());
        o.put("wall_seconds", r.wallSeconds());
        o.put("cpu_seconds", r.cpuSeconds());
        o.put("exit_status", r.exitStatus());
        o.put("metric", r.metric());
        o.put("allocator_seen", r.allocatorSeen());
        stats(o.putObject("allocator_stats"), r.allocatorStats());
        ArrayNode rss = o.putArray("rss");
        for (ArmRun.Point p : r.rss()) rss.addArray().add(p.seconds()).add(p.rss().value());
        return o;
    }

    private static void verdict(ObjectNode o, Verdict v, ComparisonView view) {
        o.put("best", v.best());
        o.put("metric", v.metric());
        putBytes(o, "saving_bytes", v.saving());
        o.put("confidence", v.confidence().name());
        o.put("summary", view.summary());
        strings(o, "ties", v.ties());
        o.put("wall_ratio", v.wallRatio());
        o.put("cpu_ratio", v.cpuRatio());
        o.put("metric_ratio", v.metricRatio());
        strings(o, "risks", v.risks());
        strings(o, "notes", view.notes());
    }

    private static void strings(ObjectNode o, String key, List<String> values) { values.forEach(o.putArray(key)::add); }

    private static void stats(ObjectNode o, Map<String, Bytes> stats) { stats.forEach((k, b) -> o.put(k, b.value())); }

    private static void putBytes(ObjectNode o, String key, Bytes b) {
        if (b == null) o.putNull(key);
        else o.put(key, b.value());
    }
}
