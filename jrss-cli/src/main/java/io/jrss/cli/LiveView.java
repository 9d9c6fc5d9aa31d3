// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Event;
import io.jrss.core.timeline.Sample;
import io.jrss.probe.watch.WatchOptions;
import io.jrss.report.timeline.LiveFrame;
import io.jrss.session.Run;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The live view of watch and run on stderr: a redrawn frame on a terminal, a line per sample and event elsewhere,
 * with the start and end lines.
 */
final class LiveView implements Run.Listener {
    private final String command;
    private final PrintWriter err;
    private final boolean frames;
    private final LiveFrame view;
    private TimelineDiagnosis latest;

    /** @param frames redraw a full frame on stderr (watch on a terminal); otherwise print one line per sample */
    LiveView(String command, PrintWriter err, boolean frames, boolean color) {
        this.command = command; this.err = err; this.frames = frames; this.view = new LiveFrame(color && frames);
    }

    @Override public void started(long pid, List<String> commandLine) {
        err.println("jrss " + command + ": started pid " + pid + ": " + String.join(" ", commandLine));
        err.flush();
    }

    @Override public void watching(int pid, WatchOptions options) {
        err.println("jrss " + command + ": watching pid " + pid + " every " + options.interval().toMillis() / 1000.0 + " s"
                + (options.record() != null ? ", recording to " + options.record() : "") + "; Ctrl-C ends it with the report");
        err.flush();
    }

    @Override public void sampled(Sample s, TimelineAssembler a, TimelineDiagnosis verdict) {
        if (frames) err.print("\u001b[H\u001b[2J" + view.frame(a, verdict != null ? verdict : latest, command));
        else err.println(view.line(s, a));
        if (verdict != null) latest = verdict;
        err.flush();
    }

    @Override public void event(Event e) {
        if (!frames) { err.println("jrss " + command + ": " + e.kind() + " " + e.what() + ": " + e.text()); err.flush(); }
    }

    @Override public void ended(String detail, Path recording) {
        err.println("jrss " + command + ": ended: " + detail + (recording != null ? "; recording kept in " + recording : ""));
        err.flush();
    }
}
