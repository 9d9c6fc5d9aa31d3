// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.size;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.result.SizeProof;
import io.jrss.core.size.SizeRow;
import io.jrss.core.size.Sizing;
import io.jrss.report.shared.Json;

/**
 * The JSON of jrss size (docs/json.md, "size"): {@code limit_bytes}, {@code java_options}, {@code env}, {@code rows},
 * {@code confidence}, {@code refused} as the issue fixed them, and the forms and the buildpack comparison beside them.
 */
final class SizeJson {
    private SizeJson() {}

    static ObjectNode of(SizeView v, String version) {
        ObjectNode root = Json.root(version);
        Sizing s = v.result().sizing();
        root.put("input", v.result().input());
        root.put("peak_usage_bytes", s.peakUsage().value());
        root.put("span_seconds", s.span().toSeconds());
        if (s.isRefused()) {
            root.putNull("limit_bytes");
            root.putArray("java_options");
            root.putObject("env");
            root.putArray("rows");
            root.putNull("confidence");
            root.putObject("refused").put("finding", s.refused().finding()).put("reason", s.refused().reason());
        } else {
            root.put("limit_bytes", s.limit().value());
            ArrayNode options = root.putArray("java_options");
            s.javaOptions().forEach(options::add);
            ObjectNode env = root.putObject("env");
            s.env().forEach(env::put);
            ArrayNode rows = root.putArray("rows");
            for (SizeRow r : s.rows()) {
                rows.addObject().put("id", r.id()).put("bytes", r.bytes().value()).put("measured_bytes", r.measured().value()).put("basis", r.basis())
                        .put("headroom_bytes", r.headroom().value()).put("headroom_why", r.why());
            }
            root.put("confidence", s.confidence().name());
            root.putNull("refused");
            root.put("max_ram_percentage", s.maxRamPercentage());
            ArrayNode notes = root.putArray("notes");
            s.notes().forEach(notes::add);
            Sizing.Buildpack bp = s.buildpack();
            root.putObject("buildpack").put("limit_bytes", bp.limit().value()).put("non_heap_bytes", bp.nonHeap().value())
                    .put("measured_non_heap_bytes", bp.measuredNonHeap().value()).put("loaded_classes", bp.classes()).put("threads", bp.threads())
                    .put("stack_bytes", bp.stack().value()).put("under_provisions", bp.underProvisions());
            ObjectNode forms = root.putObject("forms");
            forms.put("kubernetes", String.join("\n", v.kubernetes()));
            ArrayNode envLines = forms.putArray("env_lines");
            v.envLines().forEach(envLines::add);
            ArrayNode bpl = forms.putArray("buildpack");
            v.buildpackVars().forEach(bpl::add);
        }
        root.put("summary", v.summary());
        SizeProof p = v.result().proof();
        if (p == null) root.putNull("proof");
        else {
            ObjectNode proof = root.putObject("proof");
            proof.put("limit_bytes", p.limit().value());
            ArrayNode flags = proof.putArray("java_options");
            p.javaOptions().forEach(flags::add);
            if (p.free() == null) proof.putNull("unconstrained");
            else run(proof.putObject("unconstrained"), p.free());
            ArrayNode runs = proof.putArray("runs");
            p.runs().forEach(r -> run(runs.addObject(), r).put("broke", p.broke(r)));
            proof.put("oom_kills", p.kills()).put("broken_runs", p.broken());
        }
        return root;
    }

    private static ObjectNode run(ObjectNode o, SizeProof.Run r) {
        o.put("run", r.run()).put("peak_usage_bytes", r.peakUsage().value()).put("oom_kills", r.oomKills()).put("exit_status", r.exitStatus())
                .put("wall_seconds", r.wallSeconds()).put("detail", r.detail());
        if (r.metric() == null) o.putNull("metric");
        else o.put("metric", r.metric());
        return o;
    }
}
