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

/** One self-contained HTML page per result ({@link HtmlReport}). */
final class HtmlReporter implements Reporter {
    @Override
    public void write(Result result, String title, PrintWriter out) {
        if (result instanceof HeapResult) throw new IllegalArgumentException("jrss heap has no HTML report; use --json");
        out.print(result instanceof ProfileResult p ? ProfileHtml.of(p, title) : result instanceof DiffResult d ? DiffHtml.of(d, title) : result instanceof ComparisonResult c ? ComparisonHtml.of(c, title)
                : result instanceof TimelineResult t ? HtmlReport.of(t.diagnosis(), t.end(), t.probes(), title)
                : HtmlReport.of(((SnapshotResult) result).diagnosis(), ((SnapshotResult) result).raw(), title));
        out.flush();
    }
}
