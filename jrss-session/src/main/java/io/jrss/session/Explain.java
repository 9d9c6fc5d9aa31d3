// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Replay;
import io.jrss.core.result.Result;
import io.jrss.core.source.Source;
import io.jrss.core.source.Sources;
import java.time.Duration;

/** explain: a live target is captured first and core then reads the capture, as it reads saved data; nothing bounces back up. */
public final class Explain {
    /**
     * @param saved a capture or recording directory, a JFR file or pasted outputs; null to capture {@code pid} live
     */
    public record Options(Source saved, int pid, Duration timeout, boolean nmtDetail) {
        public static Options saved(Source source) { return new Options(source, 0, null, false); }

        public static Options live(int pid, Duration timeout, boolean nmtDetail) { return new Options(null, pid, timeout, nmtDetail); }
    }

    /** Progress of a live capture, and of a long recording read back. */
    public interface Listener extends Capturing.Listener, Replay.Progress {}

    public static Result run(Options options, Listener listener) throws Exception {
        if (options.saved() == null) return Capturing.explained(options.pid(), options.timeout(), options.nmtDetail(), listener);
        return Sources.result(options.saved(), listener);
    }

    private Explain() {}
}
