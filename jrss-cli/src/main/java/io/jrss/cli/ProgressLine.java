// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.compare.ArmRun;
import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.probe.launch.Arm;
import io.jrss.session.Compare;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * compare's stderr: the programs' output lines (prefixed with their arm), jrss's own lines, and on a terminal one
 * status line, redrawn at every sample, that shows which arm runs and its RSS. Off a terminal there is no status
 * line: a log gets the arms' start and end lines only. The output pumps and the watch call in from their threads.
 */
final class ProgressLine implements Compare.Listener {
    private final PrintWriter err;
    private final boolean terminal;
    private boolean status;

    ProgressLine(PrintWriter err, boolean terminal) { this.err = err; this.terminal = terminal; }

    @Override public void skipped(String arm, String why) { say("jrss compare: skipping arm " + arm + ": " + why); }

    @Override public void starting(Arm arm, int run, int repeat) {
        say("jrss compare: arm " + arm.name() + (repeat > 1 ? " (run " + run + " of " + repeat + ")" : "") + ": " + describe(arm));
    }

    @Override public void output(Arm arm, String line) { say(arm.name() + "| " + line); }

    @Override public void finished(Arm arm, ArmRun run) {
        say("jrss compare: arm " + arm.name() + ": " + run.detail() + (run.measured() ? "; steady RSS " + run.steady().toIec()
                + ", peak " + run.peak().toIec() + ", allocator seen: " + run.allocatorSeen() : ""));
    }

    synchronized void say(String line) {
        clear();
        err.println(line);
        err.flush();
    }

    @Override public synchronized void sample(Arm arm, int run, Sample s) {
        if (!terminal) return;
        Double rss = s.signal(Signals.RSS);
        clear();
        err.print("jrss compare: " + arm.name() + " run " + run + ": RSS " + (rss == null ? "?" : Bytes.of(rss.longValue()).toIec()));
        err.flush();
        status = true;
    }

    private void clear() {
        if (status) err.print("\r\u001b[K");
        status = false;
    }

    private static String describe(Arm arm) {
        List<String> parts = new ArrayList<>();
        arm.env().forEach((k, v) -> parts.add(k + "=" + v));
        parts.addAll(arm.jvmFlags());
        return parts.isEmpty() ? "as is" : String.join(" ", parts);
    }
}
