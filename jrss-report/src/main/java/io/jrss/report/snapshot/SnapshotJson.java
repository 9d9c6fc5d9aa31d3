// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.report.shared.Json;
import java.util.List;

/**
 * The JSON object of explain (docs/json.md), the base of every snapshot's and timeline's. Field names are a contract:
 * add, never rename. The ledger's bytes always sum to rss_bytes and it always contains "unattributed".
 */
public final class SnapshotJson {
    public static ObjectNode of(Diagnosis d, String version) { return of(d, d.findings(), d.notEvaluated(), version); }

    /** One diagnosis with the findings and rules not evaluated given: a watch's are over its whole span. */
    public static ObjectNode of(Diagnosis d, List<Finding> findingList, List<RuleResult.NotEvaluated> notEvaluatedList, String version) {
        Snapshot s = d.snapshot();
        Ledger l = d.ledger();
        ObjectNode root = Json.root(version);
        root.put("captured_at", s.time().toString());
        ObjectNode target = root.putObject("target");
        target.put("pid", s.pid());
        target.put("java_version", s.get(Readings.VERSION).map(v -> v.version()).orNull());
        target.put("vendor", s.vendor());
        target.put("gc", s.gc());
        target.put("nmt", s.get(Readings.NMT).map(n -> n.level()).value().orElse("off"));
        target.put("allocator", l.malloc() == null ? null : l.malloc().allocator().name());
        ObjectNode container = target.putObject("container");
        container.put("memory_limit_bytes", s.get(Readings.CGROUP_MEMORY).value().map(c -> c.limit()).map(Bytes::value).orElse(null));
        container.put("cpu_quota", s.get(Readings.CGROUP_CPU).value().map(c -> c.cpus()).orElse(null));
        if (l.rssKnown()) root.put("rss_bytes", l.rss().value());
        else root.putNull("rss_bytes");
        root.put("rss_source", l.rssSource());
        root.put("ledger_partial", l.partial());
        ArrayNode ledger = root.putArray("ledger");
        for (LedgerRow r : l.sorted()) {
            ObjectNode row = ledger.addObject();
            row.put("id", r.id());
            row.put("bytes", r.bytes().value());
            row.put("confidence", r.accuracy().name());
            row.put("source", r.source());
        }
        if (l.malloc() != null) root.set("malloc", malloc(l.malloc()));
        ObjectNode kinds = root.putObject("smaps_by_kind");
        l.residentByKind().forEach((k, v) -> kinds.put(k.name().toLowerCase(java.util.Locale.ROOT), v.value()));
        ArrayNode findings = root.putArray("findings");
        for (Finding f : findingList) finding(findings.addObject(), f);
        ArrayNode notEvaluated = root.putArray("not_evaluated");
        notEvaluatedList.forEach(n -> notEvaluated.addObject().put("rule", n.rule()).put("reason", n.reason()));
        ArrayNode unjudged = root.putArray("unjudged");
        for (io.jrss.core.analysis.Unjudged u : io.jrss.core.analysis.Unjudged.of(d, findingList, notEvaluatedList)) {
            unjudged.addObject().put("row", u.row()).put("bytes", u.bytes().value()).put("share_of_rss", Math.round(u.shareOfRss() * 1000) / 1000.0)
                    .put("why", u.why()).put("how", u.how());
        }
        ArrayNode unavailable = root.putArray("unavailable");
        d.unavailable().forEach(u -> unavailable.addObject().put("reading", u.reading()).put("reason", u.reason()).put("how", u.how()));
        ArrayNode notes = root.putArray("notes");
        l.notes().forEach(notes::add);
        return root;
    }

    public static ObjectNode finding(ObjectNode o, Finding f) {
        o.put("id", f.id());
        o.put("severity", f.severity().name());
        o.put("title", f.title());
        ObjectNode evidence = o.putObject("evidence");
        f.evidence().facts().forEach(x -> evidence.set(x.name(), Json.MAPPER.valueToTree(x instanceof Evidence.Amount a ? a.value().value() : x.value())));
        ArrayNode culprits = o.putArray("culprits");
        for (Culprit c : f.culprits()) {
            culprits.addObject().put("kind", c.kind().json()).put("name", c.name()).put("bytes", c.bytes() == null ? null : c.bytes().value())
                    .put("count", c.count()).put("growth_per_hour", c.growthPerHour()).put("share", c.share()).put("how", c.how());
        }
        ArrayNode remedy = o.putArray("remedy");
        f.remedy().forEach(remedy::add);
        o.put("confidence", f.confidence().name());
        return o;
    }

    private static ObjectNode malloc(MallocAccount m) {
        return Json.MAPPER.createObjectNode().put("allocator", m.allocator().name()).put("arenas", m.arenas()).put("busy_arenas", m.busyArenas())
                .put("arena_resident_bytes", m.arenaResident().value()).put("arena_committed_bytes", m.arenaSystem().value())
                .put("free_resident_bytes", m.freeResident().value())
                .put("in_use_bytes", m.inUse() == null ? null : m.inUse().value())
                .put("free_in_arenas_bytes", m.freeInArenas() == null ? null : m.freeInArenas().value())
                .put("mmapped_bytes", m.mmapped() == null ? null : m.mmapped().value()).put("source", m.source());
    }

    private SnapshotJson() {}
}
