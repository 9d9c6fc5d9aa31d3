// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.SnapshotResult;
import java.io.PrintWriter;
import java.util.List;

/**
 * The report of {@code jrss analyze} on outputs people had: explain's report, then which output was read where,
 * and what to collect next to settle what the inputs leave open. In JSON: explain's object plus {@code inputs},
 * {@code input_notes} and {@code collect_next}.
 */
final class AnalysisReport {
    private AnalysisReport() {}

    static void text(Diagnosis d, SnapshotResult.Pasted pasted, Style st, String title, PrintWriter out) {
        List<String> found = pasted.found(), notes = pasted.notes(), collectNext = pasted.collectNext();
        new TextReport(st).render(d, out, title);
        out.println(st.bold("Read"));
        for (String f : found) out.println("  - " + f);
        for (String n : notes) out.println(st.dim("  note: " + n));
        out.println();
        if (!collectNext.isEmpty()) {
            out.println(st.bold("Collect next") + st.dim("  (to settle what these outputs leave open)"));
            for (int i = 0; i < collectNext.size(); i++) out.println("  " + (i + 1) + ". " + collectNext.get(i));
            out.println();
        }
        out.flush();
    }

    static ObjectNode json(Diagnosis d, SnapshotResult.Pasted pasted, String version) {
        ObjectNode root = JsonReport.toJson(d, version);
        pasted.found().forEach(root.putArray("inputs")::add);
        pasted.notes().forEach(root.putArray("input_notes")::add);
        pasted.collectNext().forEach(root.putArray("collect_next")::add);
        return root;
    }
}
