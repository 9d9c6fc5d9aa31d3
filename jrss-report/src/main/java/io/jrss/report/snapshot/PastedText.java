// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.SnapshotResult;
import io.jrss.report.shared.Style;
import java.io.PrintWriter;
import java.util.List;

/**
 * The report of {@code jrss analyze} on outputs people had, for a person: explain's report, then which output was
 * read where, and what to collect next to settle what the inputs leave open.
 */
final class PastedText {
    private PastedText() {}

    static void render(Diagnosis d, SnapshotResult.Pasted pasted, Style st, String title, PrintWriter out) {
        List<String> found = pasted.found(), notes = pasted.notes(), collectNext = pasted.collectNext();
        new SnapshotText(st).render(d, out, title);
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
}
