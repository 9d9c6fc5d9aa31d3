// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Replay;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Recording;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.report.JsonReport;
import io.jrss.report.TimelineTextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** A recording of 'jrss watch --record' read back: the same samples through the same analysis, the same verdicts. */
final class RecordingReport {
    private RecordingReport() {}

    static void render(Path dir, boolean json, boolean color, boolean progress, PrintWriter out, PrintWriter err) throws IOException {
        TimelineDiagnosis td = Replay.of(dir, (done, total) -> {
            if (progress && (done % 50 == 0 || done == total)) { err.print("\r\u001b[Kreading sample " + done + " of " + total + " ..."); err.flush(); }
        });
        if (progress) { err.print("\r\u001b[K"); err.flush(); }
        Recording r = Recording.read(dir);
        WatchEnd end = new WatchEnd("recording", "recorded in " + dir + " (" + r.samples().size() + " samples)");
        if (json) JsonReport.write(JsonReport.toJson(td, end, List.of()), out);
        else new TimelineTextReport(color).render(td, end, List.of(), "jrss analyze", out);
    }
}
