// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.report.JsonReport;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;

/** Takes a live capture, showing which reading is under way on a terminal. */
final class Live {
    static Capture capture(int pid, Duration timeout, boolean nmtDetail, PrintWriter err, boolean progress) throws Exception {
        HotSpotAttach attach = HotSpotAttach.to(pid, timeout);
        LiveCapture.Listener listener = progress
                ? file -> { err.print("\r\u001b[Kreading " + file + " of pid " + pid + " ..."); err.flush(); }
                : file -> { };
        LiveCapture live = new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(nmtDetail, true), Clock.systemUTC(), listener);
        Capture c = live.take(JsonReport.JRSS_VERSION);
        if (progress) { err.print("\r\u001b[K"); err.flush(); }
        if (live.gone() != null) throw new AttachException(pid, AttachException.Kind.NO_SUCH_PROCESS, live.gone());
        return c;
    }

    /** The diagnosis of one live snapshot, taken quietly: the ledger a command joins its own findings to. */
    static Diagnosis diagnosis(int pid, Duration timeout, PrintWriter err) throws Exception {
        return Diagnosis.of(SnapshotParser.parse(capture(pid, timeout, false, err, false)));
    }

    /** Progress and colour only when a person is watching. */
    static boolean terminal() { return System.console() != null && System.getenv("NO_COLOR") == null; }

    private Live() {}
}
