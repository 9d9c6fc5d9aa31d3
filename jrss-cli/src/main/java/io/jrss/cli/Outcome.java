// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.CollectNext;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.JfrAnalysis;
import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.analysis.Replay;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.paste.Inputs;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.Recording;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.report.AnalysisReport;
import io.jrss.report.HtmlReport;
import io.jrss.report.JsonReport;
import io.jrss.report.TextReport;
import io.jrss.report.TimelineTextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What saved data says, whatever it is: a capture directory, a recording, a JFR file, or outputs people had. One
 * of {@code snapshot} or {@code timeline} is set. Shared by analyze and report, so both read the same way.
 */
record Outcome(Diagnosis snapshot, Capture capture, Inputs.Assembled assembled, TimelineDiagnosis timeline, WatchEnd end) {

    static Outcome of(List<Path> paths, PrintWriter err, boolean progress) throws IOException {
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) {
            Path dir = paths.get(0);
            if (Recording.isRecording(dir)) {
                TimelineDiagnosis td = Replay.of(dir, (done, total) -> {
                    if (progress && (done % 50 == 0 || done == total)) { err.print("\r\u001b[Kreading sample " + done + " of " + total + " ..."); err.flush(); }
                });
                if (progress) { err.print("\r\u001b[K"); err.flush(); }
                // Every sample directory the replay read became one sample of the timeline.
                int samples = td.timeline().samples().size();
                return new Outcome(null, null, null, td, new WatchEnd("recording", "recorded in " + dir + " (" + samples + " samples)"));
            }
            Capture c = CaptureDirectory.read(dir);
            return new Outcome(Diagnosis.of(SnapshotParser.parse(c)), c, null, null, null);
        }
        for (Path p : paths) {
            if (AnalyzeCommand.isJfr(p)) {
                if (paths.size() > 1) throw new Errors.UsageException(p + " is a JFR recording: give it alone (it is a timeline of its own)");
                TimelineDiagnosis td = JfrAnalysis.of(p);
                return new Outcome(null, null, null, td, new WatchEnd("jfr", "a JFR recording, " + p + " (" + td.timeline().samples().size() + " one-second samples)"));
            }
        }
        List<Inputs.Named> inputs = new ArrayList<>();
        for (Path p : paths) inputs.add(AnalyzeCommand.read(p));
        Inputs.Assembled a = Inputs.assemble(inputs);
        PastedVerdict v = PastedVerdict.of(a.capture());
        if (v.timeline() != null) return new Outcome(null, null, null, v.timeline(), new WatchEnd("history", v.history()));
        return new Outcome(v.snapshot(), a.capture(), a, null, null);
    }

    void print(boolean json, boolean color, String title, PrintWriter out) {
        if (timeline != null) {
            if (json) JsonReport.write(JsonReport.toJson(timeline, end, List.of()), out);
            else new TimelineTextReport(color).render(timeline, end, List.of(), title, out);
        } else if (assembled != null) {
            List<String> next = CollectNext.of(snapshot);
            if (json) JsonReport.write(AnalysisReport.json(snapshot, assembled.found(), assembled.notes(), next), out);
            else AnalysisReport.text(snapshot, assembled.found(), assembled.notes(), next, color, out);
        } else if (json) {
            JsonReport.write(snapshot, out);
        } else {
            new TextReport(color).render(snapshot, out);
        }
    }

    String html(String title) {
        if (timeline != null) return HtmlReport.of(timeline, end, List.of(), title);
        Map<String, String> raw = capture == null ? Map.of() : capture.texts();
        return HtmlReport.of(snapshot, raw, title);
    }
}
