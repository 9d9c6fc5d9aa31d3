// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import java.io.PrintWriter;
import java.util.List;

/**
 * The report of {@code jrss analyze} on outputs people had: explain's report, then which output was read where,
 * and what to collect next to settle what the inputs leave open. In JSON: explain's object plus {@code inputs},
 * {@code input_notes} and {@code collect_next}.
 */
public final class AnalysisReport {
    private AnalysisReport() {}

    public static void text(Diagnosis d, List<String> found, List<String> notes, List<String> collectNext, boolean color, PrintWriter out) {
        TextReport r = new TextReport(color);
        r.render(d, out, "jrss analyze" + (d.snapshot().pid() == 0 ? "" : " (pid " + d.snapshot().pid() + ")"));
        Style st = r.style();
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

    public static ObjectNode json(Diagnosis d, List<String> found, List<String> notes, List<String> collectNext) {
        ObjectNode root = JsonReport.toJson(d);
        found.forEach(root.putArray("inputs")::add);
        notes.forEach(root.putArray("input_notes")::add);
        collectNext.forEach(root.putArray("collect_next")::add);
        return root;
    }
}
