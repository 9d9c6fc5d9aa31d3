// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import java.io.PrintWriter;

/**
 * compare's stderr: the programs' output lines (prefixed with their arm), jrss's own lines, and on a terminal one
 * status line, redrawn at every sample, that shows which arm runs and its RSS. Off a terminal there is no status
 * line: a log gets the arms' start and end lines only. The output pumps and the watch call in from their threads.
 */
final class ProgressLine {
    private final PrintWriter err;
    private final boolean terminal;
    private boolean status;

    ProgressLine(PrintWriter err, boolean terminal) { this.err = err; this.terminal = terminal; }

    synchronized void say(String line) {
        clear();
        err.println(line);
        err.flush();
    }

    synchronized void sample(String arm, int run, Sample s) {
        if (!terminal) return;
        Double rss = s.signal(Signals.RSS);
        clear();
        err.print("jrss compare: " + arm + " run " + run + ": RSS " + (rss == null ? "?" : Bytes.of(rss.longValue()).toIec()));
        err.flush();
        status = true;
    }

    private void clear() {
        if (status) err.print("\r\u001b[K");
        status = false;
    }
}
