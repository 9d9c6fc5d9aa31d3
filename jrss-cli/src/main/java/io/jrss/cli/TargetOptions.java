// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.capture.Recording;
import io.jrss.core.source.Source;
import io.jrss.probe.jvm.TargetException;
import io.jrss.probe.jvm.Targets;
import io.jrss.session.Explain;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Where a command's data comes from: a live target (pid or unique main-class substring) or a capture directory. */
final class TargetOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<target>",
            description = "A pid, or a unique substring of the main class or jar, as jcmd takes it.")
    String target;

    @Option(names = "--capture", paramLabel = "DIR", description = "Read a capture made by 'jrss capture' instead of a live JVM.")
    Path capture;

    @Mixin TimeoutFlag timeout;

    @Option(names = "--nmt-detail", description = "Also read VM.native_memory detail (the target must run with NMT detail).")
    boolean nmtDetail;

    /** What to explain: a capture or recording directory, or the live target, which the session captures. */
    Explain.Options explain() throws TargetException {
        if (capture != null && target != null) throw new Errors.UsageException("give either a target or --capture DIR, not both");
        if (capture != null) {
            return Explain.Options.saved(Recording.isRecording(capture) ? new Source.RecordingDir(capture) : new Source.CaptureDir(capture));
        }
        return Explain.Options.live(pid(), timeout.value, nmtDetail);
    }

    int pid() throws TargetException {
        if (target == null) throw new Errors.UsageException("missing <target>: give a pid or a main class substring (see 'jrss ps')");
        return Targets.resolve(target);
    }
}
