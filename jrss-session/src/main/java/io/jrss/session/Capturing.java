// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.report.Reporter;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;

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
        LiveCapture live = capturer(pid, timeout, nmtDetail, listener);
        Capture c = live.take(Reporter.JRSS_VERSION);
        listener.taken();
        if (live.gone() != null) throw new AttachException(pid, AttachException.Kind.NO_SUCH_PROCESS, live.gone());
        return c;
    }

    /**
     * explain's capture: one, and when a finding it shows names its culprit through a reading that only reads
     * (Compiler.codelist for code-cache-full, Thread.print, VM.classloader_stats), one more with that reading, so that
     * the verdict names the culprit (issue 28). The second is a whole capture, so that one redactor reads it all.
     */
    public static SnapshotResult explained(int pid, Duration timeout, boolean nmtDetail, Listener listener) throws Exception {
        LiveCapture live = capturer(pid, timeout, nmtDetail, listener);
        Capture c = live.take(Reporter.JRSS_VERSION);
        if (live.gone() != null) throw new AttachException(pid, AttachException.Kind.NO_SUCH_PROCESS, live.gone());
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(c));
        Set<String> culprits = CulpritAsk.files(Culprits.asks(d.findings().stream().map(Finding::id).toList()), Set.of(CulpritAsk.READ));
        if (!culprits.isEmpty()) {
            Capture again = live.take(Reporter.JRSS_VERSION, culprits);
            if (live.gone() == null && !live.unanswered()) {
                c = again;
                d = Diagnosis.of(SnapshotParser.parse(c));
            }
        }
        listener.taken();
        return new SnapshotResult(d, c.texts(), null);
    }

    /** The diagnosis of one live snapshot, taken quietly: the ledger a workflow joins its own findings to. */
    public static Diagnosis diagnosis(int pid, Duration timeout) throws Exception {
        return Diagnosis.of(SnapshotParser.parse(of(pid, timeout, false, QUIET)));
    }

    /** A capturer of {@code pid}, attached with the timeout, telling the listener each reading as it starts. */
    private static LiveCapture capturer(int pid, Duration timeout, boolean nmtDetail, Listener listener) throws Exception {
        HotSpotAttach attach = HotSpotAttach.to(pid, timeout);
        return new LiveCapture(pid, attach::jcmd, new LiveCapture.Options(nmtDetail, true), Clock.systemUTC(), file -> listener.reading(pid, file));
    }

    private Capturing() {}
}
