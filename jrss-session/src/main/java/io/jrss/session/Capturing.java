// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.report.Reporter;
import java.time.Clock;
import java.time.Duration;

/** Takes one capture of a live JVM, before core is called: core reads what was taken and never calls back up. */
public final class Capturing {
    /** Told each reading as it starts and when the capture is taken, for progress on a terminal. */
    public interface Listener {
        void reading(int pid, String file);
        default void taken() {}
    }

    /** Hears nothing: a capture taken quietly. */
    public static final Listener QUIET = (pid, file) -> { };

    /** One capture of {@code pid}; fails as {@link AttachException} when the target went away while it was read. */
    public static Capture of(int pid, Duration timeout, boolean nmtDetail, Listener listener) throws Exception {
        HotSpotAttach attach = HotSpotAttach.to(pid, timeout);
        LiveCapture live = new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(nmtDetail, true), Clock.systemUTC(),
                file -> listener.reading(pid, file));
        Capture c = live.take(Reporter.JRSS_VERSION);
        listener.taken();
        if (live.gone() != null) throw new AttachException(pid, AttachException.Kind.NO_SUCH_PROCESS, live.gone());
        return c;
    }

    /** The diagnosis of one live snapshot, taken quietly: the ledger a workflow joins its own findings to. */
    public static Diagnosis diagnosis(int pid, Duration timeout) throws Exception {
        return Diagnosis.of(SnapshotParser.parse(of(pid, timeout, false, QUIET)));
    }

    private Capturing() {}
}
