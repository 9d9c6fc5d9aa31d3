// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.diff;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.diff.Change;
import io.jrss.core.diff.Diff;
import io.jrss.core.diff.FindingChange;
import io.jrss.core.diff.Side;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.report.shared.Json;
import io.jrss.report.snapshot.SnapshotJson;

/**
 * The JSON of jrss diff (docs/json.md, "diff"): both sides, the summary, the RSS, every ledger row and signal with
 * before, after and delta, the findings by what became of them, and the settings that differ. Names are a contract.
 */
final class DiffJson {
    private DiffJson() {}

    static ObjectNode of(DiffView view, String version) {
        Diff d = view.result().diff();
        ObjectNode root = Json.root(version);
        side(root.putObject("before"), d.before());
        side(root.putObject("after"), d.after());
        root.put("summary", view.summary());
        change(root.putObject("rss"), "id", d.rss());
        ArrayNode ledger = root.putArray("ledger");
        d.rows().forEach(c -> change(ledger.addObject(), "id", c));
        ArrayNode signals = root.putArray("signals");
        d.signals().forEach(c -> change(signals.addObject(), "name", c));
        ObjectNode findings = root.putObject("findings");
        ArrayNode appeared = findings.putArray("appeared"), gone = findings.putArray("went_away"), stayed = findings.putArray("stayed");
        for (FindingChange f : d.findings()) {
            switch (f.status()) {
                case appeared -> SnapshotJson.finding(appeared.addObject(), f.after());
                case went_away -> SnapshotJson.finding(gone.addObject(), f.before());
                default -> {
                    ObjectNode o = stayed.addObject().put("id", f.id());
                    SnapshotJson.finding(o.putObject("before"), f.before());
                    SnapshotJson.finding(o.putObject("after"), f.after());
                }
            }
        }
        ArrayNode setup = root.putArray("setup");
        d.setup().forEach(s -> setup.addObject().put("what", s.what()).put("before", s.before()).put("after", s.after()).put("chosen", s.chosen()));
        return root;
    }

    private static void side(ObjectNode o, Side s) {
        Snapshot snap = s.diagnosis().snapshot();
        Ledger l = s.diagnosis().ledger();
        o.put("input", s.input());
        o.put("kind", s.kind());
        o.put("captured_at", snap.time().toString());
        o.put("pid", snap.pid());
        o.put("java_version", snap.get(Readings.VERSION).map(v -> v.version()).orNull());
        o.put("gc", snap.gc());
        if (l.rssKnown()) o.put("rss_bytes", l.rss().value());
        else o.putNull("rss_bytes");
        o.put("ledger_partial", l.partial());
        ArrayNode ids = o.putArray("findings");
        s.findings().forEach(f -> ids.add(f.id()));
    }

    private static void change(ObjectNode o, String key, Change c) {
        o.put(key, c.name());
        o.put("unit", c.bytes() ? "bytes" : "count");
        number(o, "before", c.before());
        number(o, "after", c.after());
        number(o, "delta", c.delta());
        if (c.ratio() == null) o.putNull("ratio");
        else o.put("ratio", Math.round(c.ratio() * 1000) / 1000.0);
        o.put("changed", c.changed());
    }

    /** Bytes and counts are whole numbers; a missing side is null. */
    private static void number(ObjectNode o, String key, Double v) {
        if (v == null) o.putNull(key);
        else o.put(key, Math.round(v));
    }
}
