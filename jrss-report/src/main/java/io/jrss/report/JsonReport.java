// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.Episode;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.snapshot.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * The JSON object of docs/json.md, for machines and our own checks. Field names are a contract: add, never rename.
 * The ledger's bytes always sum to rss_bytes and it always contains "unattributed".
 */
public final class JsonReport {
    /** @deprecated the version is the caller's: {@link Reporter#JRSS_VERSION}; kept while the CLI still reads it here. */
    @Deprecated public static final String JRSS_VERSION = Reporter.JRSS_VERSION;
    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static ObjectNode toJson(Diagnosis d, String version) { return toJson(d, d.findings(), d.notEvaluated(), version); }

    /**
     * The object of the last full snapshot with the findings over the whole watch, the {@code episodes} (findings
     * that went away before the end), the {@code peak} (the same fields for the full sample at the highest RSS), plus
     * its {@code timeline}.
     */
    static ObjectNode toJson(TimelineView v, String version) {
        TimelineDiagnosis td = v.diagnosis();
        ObjectNode root = toJson(td.last(), td.findings(), td.notEvaluated(), version);
        ArrayNode episodes = MAPPER.createArrayNode();
        for (Episode e : td.episodes()) {
            ObjectNode o = finding(episodes.addObject(), e.atPeak());
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
        ObjectNode peak = toJson(td.peak(), td.peak().findings(), td.peak().notEvaluated(), version);
        v.highest().ifPresent(h -> peak.putObject("highest_rss_sampled").put("bytes", h.bytes()).put("at", h.at().toString())
                .put("full", h.full()));
        root.set("peak", peak);
        root.set("timeline", TimelineJson.of(td, v.result().end(), v.result().probes(), MAPPER));
        return root;
    }

    private static ObjectNode toJson(Diagnosis d, List<Finding> findingList, List<RuleResult.NotEvaluated> notEvaluatedList, String version) {
        Snapshot s = d.snapshot();
        Ledger l = d.ledger();
        ObjectNode root = root(version);
        root.put("captured_at", s.time().toString());
        ObjectNode target = root.putObject("target");
        target.put("pid", s.pid());
        target.put("java_version", s.version().map(v -> v.version()).orNull());
        target.put("vendor", s.vendor());
        target.put("gc", s.gc());
        target.put("nmt", s.nmt().map(n -> n.level()).value().orElse("off"));
        target.put("allocator", l.malloc() == null ? null : l.malloc().allocator());
        ObjectNode container = target.putObject("container");
        container.put("memory_limit_bytes", s.cgroupMemory().value().map(c -> c.limit()).map(Bytes::value).orElse(null));
        container.put("cpu_quota", s.cgroupCpu().value().map(c -> c.cpus()).orElse(null));
        if (l.rssKnown()) root.put("rss_bytes", l.rss().value());
        else root.putNull("rss_bytes");
        root.put("rss_source", l.rssSource());
        root.put("ledger_partial", l.partial());
        ArrayNode ledger = root.putArray("ledger");
        for (LedgerRow r : l.sorted()) {
            ObjectNode row = ledger.addObject();
            row.put("id", r.id());
            row.put("bytes", r.bytes().value());
            row.put("confidence", r.confidence().name());
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

    /** A report's object, opened with the version of the tool that wrote it. */
    static ObjectNode root(String version) { return MAPPER.createObjectNode().put("jrss_version", version); }

    static ObjectNode finding(ObjectNode o, Finding f) {
        o.put("id", f.id());
        o.put("severity", f.severity().name());
        o.put("title", f.title());
        ObjectNode evidence = o.putObject("evidence");
        f.evidence().forEach((k, v) -> evidence.set(k, MAPPER.valueToTree(v instanceof Bytes b ? b.value() : v)));
        ArrayNode remedy = o.putArray("remedy");
        f.remedy().forEach(remedy::add);
        o.put("confidence", f.confidence().name());
        return o;
    }

    private static ObjectNode malloc(MallocAccount m) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("allocator", m.allocator());
        o.put("arenas", m.arenas());
        o.put("busy_arenas", m.busyArenas());
        o.put("arena_resident_bytes", m.arenaResident().value());
        o.put("arena_committed_bytes", m.arenaSystem().value());
        o.put("free_resident_bytes", m.freeResident().value());
        o.put("in_use_bytes", m.inUse() == null ? null : m.inUse().value());
        o.put("free_in_arenas_bytes", m.freeInArenas() == null ? null : m.freeInArenas().value());
        o.put("mmapped_bytes", m.mmapped() == null ? null : m.mmapped().value());
        o.put("source", m.source());
        return o;
    }

    static void write(ObjectNode json, Writer out) {
        try {
            MAPPER.writeValue(new NonClosingWriter(out), json);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonReport() {}
}
