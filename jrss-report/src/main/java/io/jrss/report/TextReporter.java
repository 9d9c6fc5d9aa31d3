// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.core.result.ComparisonResult;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.HeapResult;
import io.jrss.core.result.ProfileResult;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import java.io.PrintWriter;

/** The report for a person: colour only when asked (on a terminal). */
final class TextReporter implements Reporter {
    private final boolean color;

    TextReporter(boolean color) { this.color = color; }

    @Override
    public void write(Result result, String title, PrintWriter out) {
        if (result instanceof HeapResult h) {
            new HeapText(color).render(h, title, out);
        } else if (result instanceof ProfileResult p) {
            new ProfileText(color).render(p, title, out);
        } else if (result instanceof DiffResult d) {
            new DiffText(color).render(d, title, out);
        } else if (result instanceof ComparisonResult c) {
            new ComparisonText(color).render(c, title, out);
        } else if (result instanceof TimelineResult t) {
            new TimelineTextReport(color).render(t.diagnosis(), t.end(), t.probes(), title, out);
        } else if (result instanceof SnapshotResult s && s.pasted() != null) {
            int pid = s.diagnosis().snapshot().pid();
            AnalysisReport.text(s.diagnosis(), s.pasted(), color, pid == 0 ? title : title + " (pid " + pid + ")", out);
        } else {
            new TextReport(color).render(((SnapshotResult) result).diagnosis(), out, title);
        }
    }
}
