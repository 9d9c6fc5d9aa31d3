// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.model.Durations;
import io.jrss.session.ProfileNative;
import java.io.PrintWriter;
import java.time.Duration;

/** profile-native's stderr: what it changes in the target, then on a terminal the seconds left, redrawn. */
final class Countdown implements ProfileNative.Listener {
    private final PrintWriter err;
    private final boolean show;

    Countdown(PrintWriter err, boolean show) { this.err = err; this.show = show; }

    @Override public void loading(int pid, String profilerVersion, Duration duration) {
        err.println("jrss profile-native: CHANGES THE TARGET: loading async-profiler " + profilerVersion + " into pid " + pid
                + ": malloc and free hooked for " + Durations.human(duration) + "; the library stays loaded afterwards");
        err.flush();
    }

    @Override public void left(long seconds) {
        if (show) { err.print("\r\u001b[Kprofiling: " + seconds + " s left (Ctrl-C ends it early)"); err.flush(); }
    }

    @Override public void waited() {
        if (show) { err.print("\r\u001b[K"); err.flush(); }
    }
}
