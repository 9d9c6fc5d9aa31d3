// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.analysis.WatchJudge;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.capture.Event;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.watch.Watch;
import io.jrss.probe.watch.WatchOptions;
import io.jrss.probe.watch.WatchResult;
import io.jrss.report.JsonReport;
import io.jrss.report.LiveFrame;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * Runs a watch for watch and run: the live view on stderr (a redrawn frame on a terminal, a line per sample
 * elsewhere), Ctrl-C and SIGTERM end it with the report, then the report (text or JSON) on stdout.
 */
final class WatchSession {
    private final String command;
    private final WatchFlags flags;
    private final PrintWriter out, err;
    private final boolean frames;
    private TimelineDiagnosis latest;

    /** @param frames redraw a full frame on stderr (watch on a terminal); otherwise print one line per sample */
    WatchSession(String command, WatchFlags flags, PrintWriter out, PrintWriter err, boolean frames) {
        this.command = command; this.flags = flags; this.out = out; this.err = err; this.frames = frames;
    }

    /** @param endDetail rewrites the end's sentence (run adds the exit status) */
    int run(HotSpotAttach attach, WatchOptions options, UnaryOperator<String> endDetail) throws IOException {
        boolean color = Live.terminal() && !flags.noColor;
        LiveFrame view = new LiveFrame(color && frames);
        WatchJudge judge = new WatchJudge(attach.pid(), options.interval(), new WatchJudge.Listener() {
            @Override public void sampled(Sample s, TimelineAssembler a, TimelineDiagnosis verdict) {
                if (frames) err.print("\u001b[H\u001b[2J" + view.frame(a, verdict != null ? verdict : latest, command));
                else err.println(view.line(s, a));
                if (verdict != null) latest = verdict;
                err.flush();
            }

            @Override public void event(Event e) {
                if (!frames) { err.println("jrss " + command + ": " + e.kind() + " " + e.what() + ": " + e.text()); err.flush(); }
            }
        });
        Watch watch = new Watch(attach, options, Clock.systemUTC(), judge, JsonReport.JRSS_VERSION);
        err.println("jrss " + command + ": watching pid " + attach.pid() + " every " + options.interval().toMillis() / 1000.0 + " s"
                + (options.record() != null ? ", recording to " + options.record() : "") + "; Ctrl-C ends it with the report");
        err.flush();
        WatchResult r;
        try (CtrlC ctrlC = CtrlC.runs(watch::stop)) {
            r = watch.run();
        }
        TimelineDiagnosis td = judge.diagnose();
        String detail = endDetail.apply(r.detail());
        err.println("jrss " + command + ": ended: " + detail + (r.recording() != null ? "; recording kept in " + r.recording() : ""));
        err.flush();
        if (td == null) {
            throw new IOException("pid " + attach.pid() + ": no full sample was taken before the watch ended (" + detail + "); nothing to report");
        }
        TimelineResult result = new TimelineResult(td, new WatchEnd(r.end(), detail), judge.probes());
        String title = "jrss " + command + " " + attach.pid();
        Output.print(result, flags.json, color, title, out);
        if (flags.html != null) HtmlFile.write(flags.html, result, title, err);
        return r.failed() ? Errors.TARGET : 0;
    }
}
