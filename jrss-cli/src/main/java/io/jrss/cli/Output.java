// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Replay;
import io.jrss.core.result.Result;
import io.jrss.report.Reporter;
import java.io.PrintWriter;

/** Where a command's result goes: JSON or text on stdout, and progress on stderr only when a person is watching. */
final class Output {
    private Output() {}

    static void print(Result r, boolean json, boolean color, String title, PrintWriter out) {
        (json ? Reporter.json() : Reporter.text(color)).write(r, title, out);
        out.flush();
    }

    /** "reading sample 50 of 3600 ..." on a terminal while a long recording is read back; nothing elsewhere. */
    static Replay.Progress replay(PrintWriter err, boolean show) {
        if (!show) return (done, total) -> { };
        return (done, total) -> {
            if (done % 50 == 0 || done == total) err.print("\r\u001b[Kreading sample " + done + " of " + total + " ...");
            if (done == total) err.print("\r\u001b[K");
            err.flush();
        };
    }
}
