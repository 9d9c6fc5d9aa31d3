// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.ReadingSpec;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.time.Duration;
import java.util.List;

/**
 * A reading that names culprits: the file a live capture takes for it, whether taking it changes the target or pauses
 * it for longer (then only with {@code --culprits=<optIn>}), and how it names them from the latest snapshot that holds
 * it, with the growth since the earliest one that did.
 */
public enum CulpritReading {
    /** Thread.print: a safepoint while the stacks are walked, about 1 ms per 100 threads. */
    THREADS(Readings.THREAD_DUMP, CaptureFiles.THREAD_DUMP, null, ThreadCulprits::of),
    /** The same thread groups, for native-oom, only when an hs_err file or a dump lists very many threads. */
    MANY_THREADS(Readings.THREAD_DUMP, CaptureFiles.THREAD_DUMP, null, ThreadCulprits::ofMany),
    /** VM.classloader_stats: a safepoint while the class loader data graph is walked. */
    LOADERS(Readings.CLASSLOADER_STATS, CaptureFiles.CLASSLOADER_STATS, null, LoaderCulprits::of),
    /** GC.class_histogram: a full collection first, so only with --culprits=histogram. */
    HISTOGRAM(Readings.CLASS_HISTOGRAMS, CaptureFiles.CLASS_HISTOGRAM, "histogram", ClassCulprits::of),
    /** Compiler.memory (JDK 21+): reads what the JIT recorded; records anything only with CompileCommand=MemStat. */
    COMPILATIONS(Readings.COMPILER_MEMORY, CaptureFiles.COMPILER_MEMORY, null, MethodCulprits::of),
    /** Compiler.codelist: walks the code cache under its lock, no safepoint. */
    CODE(Readings.CODE_LIST, CaptureFiles.CODE_LIST, null, CodeCulprits::of),
    /** async-profiler's nativemem, loaded into the target for the rest of the watch: only with --culprits=profile. */
    CALL_SITES(Readings.NATIVE_STACKS, CaptureFiles.NATIVE_STACKS, "profile", CallSiteCulprits::of),
    /** A heap dump's census at the end of the watch (GC.heap_dump pauses the target): only with --culprits=heap. */
    BUFFER_HOLDERS(Readings.BUFFER_HOLDERS, CaptureFiles.BUFFER_HOLDERS, "heap", HolderCulprits::of),
    /** The same heap dump's largest classes and what holds each: only with --culprits=heap. */
    CLASS_HOLDERS(Readings.CLASS_HOLDERS, CaptureFiles.CLASS_HOLDERS, "heap", ClassHolderCulprits::of),
    /** smaps: every full capture takes it already. */
    FILES(Readings.SMAPS, CaptureFiles.SMAPS, null, FileCulprits::of);

    /** Names culprits from {@code later}, with the growth since {@code earlier} when that is another, earlier snapshot. */
    @FunctionalInterface
    interface Reader { List<Culprit> read(Snapshot earlier, Snapshot later); }

    private final ReadingSpec<?> reading;
    private final String file, optIn;
    private final Reader reader;

    CulpritReading(ReadingSpec<?> reading, String file, String optIn, Reader reader) {
        this.reading = reading; this.file = file; this.optIn = optIn; this.reader = reader;
    }

    public ReadingSpec<?> reading() { return reading; }

    /** The capture file a live capture takes for it. */
    public String file() { return file; }

    /** The --culprits value that allows it, or null when it only reads and is taken by default. */
    public String optIn() { return optIn; }

    List<Culprit> read(Snapshot earlier, Snapshot later) { return reader.read(earlier, later); }

    /** Hours from {@code earlier} to {@code later}, or 0 when there is no earlier snapshot or no time between. */
    static double hours(Snapshot earlier, Snapshot later) {
        if (earlier == null || earlier == later || earlier.time() == null || later.time() == null) return 0;
        double h = Duration.between(earlier.time(), later.time()).toMillis() / 3_600_000.0;
        return h > 0 ? h : 0;
    }

    /** A growth per hour rounded to a whole unit, or null without two readings apart in time. */
    static Long perHour(double delta, double hours) { return hours <= 0 ? null : Math.round(delta / hours); }
}
