// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.Recording;
import io.jrss.core.capture.Event;
import java.io.IOException;
import java.nio.file.Path;

/** Reads a recording back into the verdict the watch reached: the same samples through the same assembler. */
public final class Replay {
    private Replay() {}

    /** Listener for progress over long recordings: told the number of samples read so far and the total. */
    @FunctionalInterface public interface Progress { void read(int done, int total); }

    public static TimelineDiagnosis of(Path dir, Progress progress) throws IOException { return of(Recording.read(dir), progress); }

    public static TimelineDiagnosis of(Recording r, Progress progress) throws IOException {
        Path dir = r.dir();
        if (r.samples().isEmpty()) throw new IOException(dir + " is a jrss recording with no samples yet");
        TimelineAssembler a = new TimelineAssembler(r.pid(), r.interval());
        int n = 0;
        for (Path sample : r.samples()) {
            a.add(CaptureDirectory.read(sample));
            progress.read(++n, r.samples().size());
        }
        for (Event e : r.events()) a.event(e);
        TimelineDiagnosis d = a.diagnose();
        if (d == null) throw new IOException(dir + " holds no full sample (with smaps): the watch ended before its first one");
        return d;
    }
}
