// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Replay;
import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.result.Result;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.source.Source;
import io.jrss.core.source.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What jrss size sizes from: a recording (watch, run or export's captures), one capture directory, or a JVM watched
 * now. A capture is one full sample: its recommendation has the least confidence and says so.
 */
public final class Size {
    private Size() {}

    /** The watch that a recording or capture directory holds; an IOException naming the path when it holds neither. */
    public static TimelineDiagnosis fromDirectory(Path dir, Replay.Progress progress) throws Exception {
        Source source = Sources.of(List.of(dir), System.in);
        if (source instanceof Source.CaptureDir c) {
            TimelineAssembler a = new TimelineAssembler(0, Duration.ZERO);
            a.add(CaptureDirectory.read(c.dir()));
            TimelineDiagnosis d = a.diagnose();
            if (d == null) throw new IOException(dir + ": a capture without smaps (a cheap sample) has no ledger to size from");
            return d;
        }
        Result r = Sources.result(source, progress);
        if (r instanceof TimelineResult t) return t.diagnosis();
        throw new IOException(dir + " is neither a recording nor a capture directory; jrss size reads those, or a pid");
    }
}
