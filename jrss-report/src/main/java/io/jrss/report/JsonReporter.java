// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.result.ComparisonResult;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.HeapResult;
import io.jrss.core.result.ProfileResult;
import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.result.TimelineResult;
import java.io.PrintWriter;

/** Exactly one JSON object per result: explain's, plus analyze's inputs or a timeline where there is one. */
final class JsonReporter implements Reporter {
    @Override
    public void write(Result result, String title, PrintWriter out) { JsonReport.write(toJson(result), out); }

    static ObjectNode toJson(Result result) {
        if (result instanceof HeapResult h) return HeapJson.of(h);
        if (result instanceof ProfileResult p) return ProfileJson.of(p);
        if (result instanceof DiffResult d) return DiffJson.of(d);
        if (result instanceof ComparisonResult c) return ComparisonJson.of(c);
        if (result instanceof TimelineResult t) return JsonReport.toJson(t.diagnosis(), t.end(), t.probes());
        SnapshotResult s = (SnapshotResult) result;
        return s.pasted() != null ? AnalysisReport.json(s.diagnosis(), s.pasted()) : JsonReport.toJson(s.diagnosis());
    }
}
