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
    THREADS(Readings.THREAD_DUMP, CaptureFiles.THREAD_DUMP, null, ThreadCulprits::of, null),
    /** The same thread groups, for native-oom, only when an hs_err file or a dump lists very many threads. */
    MANY_THREADS(Readings.THREAD_DUMP, CaptureFiles.THREAD_DUMP, null, ThreadCulprits::ofMany, null),
    /** VM.classloader_stats: a safepoint while the class loader data graph is walked. */
    LOADERS(Readings.CLASSLOADER_STATS, CaptureFiles.CLASSLOADER_STATS, null, LoaderCulprits::of, null),
    /** VM.classloaders show-classes: a safepoint while the class loader data graph is walked; names no culprit, tells what the loaders define. */
    LOADER_CLASSES(Readings.LOADER_CLASSES, CaptureFiles.CLASSLOADERS, null, (earlier, later) -> List.of(), LoaderClassCulprits::defined),
    /** GC.class_histogram: a full collection first, so only with --culprits=histogram. */
    HISTOGRAM(Readings.CLASS_HISTOGRAMS, CaptureFiles.CLASS_HISTOGRAM, "histogram", ClassCulprits::of, null),
    /** Compiler.memory (JDK 21+): reads what the JIT recorded; records anything only with CompileCommand=MemStat. */
    COMPILATIONS(Readings.COMPILER_MEMORY, CaptureFiles.COMPILER_MEMORY, null, MethodCulprits::of, null),
    /** Compiler.codelist: walks the code cache under its lock, no safepoint. */
    CODE(Readings.CODE_LIST, CaptureFiles.CODE_LIST, null, CodeCulprits::of, null),
    /** async-profiler's nativemem, loaded into the target for the rest of the watch: only with --culprits=profile. */
    CALL_SITES(Readings.NATIVE_STACKS, CaptureFiles.NATIVE_STACKS, "profile", CallSiteCulprits::of, null),
    /** The same profile's every allocation, freed or not: only with --culprits=profile. */
    ALLOCATION_SITES(Readings.NATIVE_ALLOCATIONS, CaptureFiles.NATIVE_ALLOCATIONS, "profile", CallSiteCulprits::allocated, null),
    /** A heap dump's census at the end of the watch (GC.heap_dump pauses the target): only with --culprits=heap. */
    BUFFER_HOLDERS(Readings.BUFFER_HOLDERS, CaptureFiles.BUFFER_HOLDERS, "heap", HolderCulprits::of, null),
    /** The same census's temporary buffers cached per thread: only with --culprits=heap. */
    BUFFER_CACHES(Readings.BUFFER_CACHES, CaptureFiles.BUFFER_CACHES, "heap", CacheThreadCulprits::of, null),
    /** The same heap dump's largest classes and what holds each: only with --culprits=heap. */
    CLASS_HOLDERS(Readings.CLASS_HOLDERS, CaptureFiles.CLASS_HOLDERS, "heap", ClassHolderCulprits::of, ClassHolderCulprits::held),
    /** smaps: every full capture takes it already. */
    FILES(Readings.SMAPS, CaptureFiles.SMAPS, null, FileCulprits::of, null),
    /** fincore of the open files and their directories: asks the kernel (mincore), reads no file, pauses nothing. */
    CACHED_FILES(Readings.FILE_CACHE, CaptureFiles.FINCORE, null, CacheCulprits::of, null);

    /** Names culprits from {@code later}, with the growth since {@code earlier} when that is another, earlier snapshot. */
    @FunctionalInterface
    interface Reader { List<Culprit> read(Snapshot earlier, Snapshot later); }

    /** Adds what this reading says of culprits another reading named (what holds a class, what a loader defines). */
    @FunctionalInterface
    interface Enricher { List<Culprit> enrich(List<Culprit> culprits, Snapshot s); }

    private final ReadingSpec<?> reading;
    private final String file, optIn;
    private final Reader reader;
    private final Enricher enricher;

    CulpritReading(ReadingSpec<?> reading, String file, String optIn, Reader reader, Enricher enricher) {
        this.reading = reading; this.file = file; this.optIn = optIn; this.reader = reader; this.enricher = enricher;
    }

    public ReadingSpec<?> reading() { return reading; }

    /** The capture file a live capture takes for it. */
    public String file() { return file; }

    /** The --culprits value that allows it, or null when it only reads and is taken by default. */
    public String optIn() { return optIn; }

    List<Culprit> read(Snapshot earlier, Snapshot later) { return reader.read(earlier, later); }

    /** {@code culprits} with what this reading, in {@code s} (or null), adds to them; as they are when it adds nothing. */
    List<Culprit> enrich(List<Culprit> culprits, Snapshot s) { return enricher == null || s == null ? culprits : enricher.enrich(culprits, s); }

    /** Hours from {@code earlier} to {@code later}, or 0 when there is no earlier snapshot or no time between. */
    static double hours(Snapshot earlier, Snapshot later) {
        if (earlier == null || earlier == later || earlier.time() == null || later.time() == null) return 0;
        double h = Duration.between(earlier.time(), later.time()).toMillis() / 3_600_000.0;
        return h > 0 ? h : 0;
    }

    /** ", which paused it 0.32 s" for a heap dump whose pause the text says, else nothing. */
    static String paused(Double seconds) { return seconds == null ? "" : ", which paused it " + String.format(java.util.Locale.ROOT, "%.2f", seconds) + " s"; }

    /** A growth per hour rounded to a whole unit, or null without two readings apart in time. */
    static Long perHour(double delta, double hours) { return hours <= 0 ? null : Math.round(delta / hours); }
}
