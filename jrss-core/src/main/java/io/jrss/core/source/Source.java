// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.source;

import io.jrss.core.capture.Capture;
import io.jrss.core.paste.Inputs;
import io.jrss.core.result.Result;
import java.nio.file.Path;
import java.util.List;

/**
 * Where data comes from: a live JVM, a capture directory, a recording of a watch, a JFR file, or outputs people had.
 * {@link Sources#of} tells them apart from the paths a command was given; {@link Sources#result} turns each into the
 * {@link Result} reporters render, so explain, analyze and report read every kind the same way.
 */
public sealed interface Source permits Source.Taken, Source.CaptureDir, Source.RecordingDir, Source.JfrFile, Source.Pasted {

    /** A capture just taken of a live JVM: the session takes it before core is called, so core never calls back up. */
    record Taken(Capture capture) implements Source {}

    /** A directory written by {@code jrss capture}. */
    record CaptureDir(Path dir) implements Source {}

    /** A directory written by {@code jrss watch --record}. */
    record RecordingDir(Path dir) implements Source {}

    record JfrFile(Path file) implements Source {}

    /** Outputs people had, each named for messages (a path, "stdin"). */
    record Pasted(List<Inputs.Named> inputs) implements Source {}

    /** A command line that asks for something impossible, such as a JFR file together with other files. */
    final class Misuse extends RuntimeException {
        public Misuse(String message) { super(message, null, false, false); }
    }
}
