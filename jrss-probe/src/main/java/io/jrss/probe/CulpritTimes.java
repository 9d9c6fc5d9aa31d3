// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.Fetch;
import io.jrss.core.snapshot.Readings;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The sentence a watch records when it took culprit readings, for the report: each command with what it cost, or why
 * it was not taken ("Thread.print 429 ms, VM.classloader_stats 38 ms (safepoint pauses)").
 */
public final class CulpritTimes {
    private CulpritTimes() {}

    public static String of(Set<String> files, Capture c) {
        String each = files.stream().map(f -> {
            CaptureEntry e = c.entry(f).orElse(null);
            String name = command(f);
            if (e == null) return name + " not taken";
            return name + (e.status() == CaptureEntry.Status.ok ? " " + e.millis() + " ms" : " " + e.status() + (e.detail().isEmpty() ? "" : ": " + e.detail()));
        }).collect(Collectors.joining(", "));
        return each + (files.contains(CaptureFiles.CLASS_HISTOGRAM) ? " (safepoint pauses; GC.class_histogram ran a full collection, as --culprits=histogram allowed)"
                : " (they only read; Thread.print and VM.classloader_stats stop the target at a safepoint while they run)");
    }

    /** The jcmd command that takes a file, or the file's name. */
    static String command(String file) {
        return Readings.files().stream().filter(f -> f.name().equals(file)).map(CaptureFile::fetch)
                .filter(Fetch.Jcmd.class::isInstance).map(f -> ((Fetch.Jcmd) f).command()).findFirst().orElse(file);
    }
}
