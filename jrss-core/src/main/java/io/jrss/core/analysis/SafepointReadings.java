// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import java.util.Set;

/**
 * The culprit readings that hold the target at a safepoint while they run: a thread dump, the class loader statistics
 * and tree (the class loader data graph walked), a class histogram (a full collection first). A watch takes them when
 * a finding fires; on a loaded host a Thread.print of 600 threads took 10 s, in which the target started no thread
 * and leaked nothing, and a trend that compares the second half of a watch with the whole read that pause as the
 * leak slowing down (a JDK 25 thread-leak lost its finding at the end of a 40 s watch).
 */
final class SafepointReadings {
    static final Set<String> FILES = Set.of(CaptureFiles.THREAD_DUMP, CaptureFiles.CLASSLOADER_STATS, CaptureFiles.CLASSLOADERS,
            CaptureFiles.CLASS_HISTOGRAM);

    private SafepointReadings() {}

    /** The seconds this capture's safepoint readings took, as each was timed. */
    static double seconds(Capture c) {
        long ms = 0;
        for (CaptureEntry e : c.entries()) if (e.status() == CaptureEntry.Status.ok && FILES.contains(e.file())) ms += Math.max(0, e.millis());
        return ms / 1000.0;
    }
}
