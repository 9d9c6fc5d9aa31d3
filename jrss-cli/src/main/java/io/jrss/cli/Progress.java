// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.Explain;
import java.io.PrintWriter;

/**
 * One line on stderr, redrawn, while a capture is taken ("reading smaps of pid 42 ...") or a long recording is read
 * back ("reading sample 50 of 3600 ..."); nothing when no person is watching.
 */
final class Progress implements Explain.Listener {
    private final PrintWriter err;
    private final boolean show;

    private Progress(PrintWriter err, boolean show) { this.err = err; this.show = show; }

    static Progress on(PrintWriter err, boolean show) { return new Progress(err, show); }

    @Override public void reading(int pid, String file) {
        if (show) { err.print("\r\u001b[Kreading " + file + " of pid " + pid + " ..."); err.flush(); }
    }

    @Override public void taken() {
        if (show) { err.print("\r\u001b[K"); err.flush(); }
    }

    @Override public void read(int done, int total) {
        if (!show) return;
        if (done % 50 == 0 || done == total) err.print("\r\u001b[Kreading sample " + done + " of " + total + " ...");
        if (done == total) err.print("\r\u001b[K");
        err.flush();
    }
}
