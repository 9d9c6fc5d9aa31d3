// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Collection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * For each finding that has one, the reading that names who holds its memory ({@link CulpritReading}): the thread
 * groups of a thread dump or an hs_err file, the class loader types of VM.classloader_stats, the classes of class
 * histograms, the compilations of Compiler.memory, the files of smaps, the call sites of a native profile, the holders of direct buffers. A finding whose reading is absent keeps no
 * culprit; its remedy says which command names them. A watch asks for the readings of the findings that fired
 * ({@link #asks}) and reads them from the snapshots that hold them ({@link Held}).
 */
public final class Culprits {
    /** At most this many per finding: the first is the culprit, the others what comes next. */
    static final int TOP = 5;

    /**
     * Per finding, the readings that name its culprits, the better first: the first that names any is the one read, and
     * the others add what they know of those ({@link CulpritReading#enrich}).
     */
    private static final Map<String, List<CulpritReading>> BY_ID = Map.ofEntries(
            Map.entry(Findings.THREAD_LEAK.id(), List.of(CulpritReading.THREADS)),
            Map.entry(Findings.THREAD_CREATION_FAILED.id(), List.of(CulpritReading.THREADS)),
            Map.entry(Findings.NATIVE_OOM.id(), List.of(CulpritReading.MANY_THREADS)),
            Map.entry(Findings.METASPACE_LEAK.id(), List.of(CulpritReading.LOADERS, CulpritReading.LOADER_CLASSES)),
            Map.entry(Findings.HEAP_LEAK.id(), List.of(CulpritReading.HISTOGRAM, CulpritReading.CLASS_HOLDERS)),
            Map.entry(Findings.HEAP_OVERCOMMITTED.id(), List.of(CulpritReading.HISTOGRAM, CulpritReading.CLASS_HOLDERS)),
            Map.entry(Findings.COMPILER_MEMORY_SPIKE.id(), List.of(CulpritReading.COMPILATIONS)),
            Map.entry(Findings.CODE_CACHE_FULL.id(), List.of(CulpritReading.CODE)),
            Map.entry(Findings.MAPPED_FILES.id(), List.of(CulpritReading.FILES)),
            Map.entry(Findings.PAGE_CACHE_IN_USAGE.id(), List.of(CulpritReading.CACHED_FILES)),
            Map.entry(Findings.NATIVE_LEAK.id(), List.of(CulpritReading.CALL_SITES)),
            Map.entry(Findings.GLIBC_FRAGMENTATION.id(), List.of(CulpritReading.ALLOCATION_SITES)),
            Map.entry(Findings.GLIBC_ARENA_BLOAT.id(), List.of(CulpritReading.ALLOCATION_SITES)),
            Map.entry(Findings.DIRECT_BUFFER_LEAK.id(), List.of(CulpritReading.BUFFER_HOLDERS)),
            Map.entry(Findings.DIRECT_BUFFER_CACHE.id(), List.of(CulpritReading.BUFFER_CACHES)));

    /** The files a live capture takes only when a culprit asks ({@link CaptureFile.Sampling#CULPRIT}): smaps, in every full capture, is not one. */
    private static final Set<String> ASKED_FILES = Readings.files().stream().filter(f -> f.sampling() == CaptureFile.Sampling.CULPRIT)
            .map(CaptureFile::name).collect(Collectors.toUnmodifiableSet());

    /** The snapshots a verdict may read culprits from: per reading, the earliest and the latest that hold it (or null). */
    public interface Held {
        Snapshot earliest(CulpritReading r);

        Snapshot latest(CulpritReading r);

        /** One snapshot: its own readings, no growth. */
        static Held of(Snapshot s) {
            return new Held() {
                @Override public Snapshot earliest(CulpritReading r) { return latest(r); }

                @Override public Snapshot latest(CulpritReading r) { return s.get(r.reading()).isAvailable() ? s : null; }
            };
        }
    }

    private Culprits() {}

    /** The finding with its culprits from one snapshot, or as it is when it has some already or none can be read. */
    public static Finding of(Snapshot s, Finding f) { return of(Held.of(s), f); }

    /** The finding with its culprits from the snapshots held, with their growth between the earliest and the latest. */
    public static Finding of(Held held, Finding f) {
        if (!f.culprits().isEmpty()) return f;
        for (CulpritReading r : BY_ID.getOrDefault(f.id(), List.of())) {
            Snapshot latest = held.latest(r);
            List<Culprit> found = latest == null ? List.of() : r.read(held.earliest(r), latest);
            if (found.isEmpty()) continue;
            // the finding's other readings add what they know of these: a heap dump what holds a class, the loader tree what a loader defines
            for (CulpritReading other : BY_ID.get(f.id())) if (other != r) found = other.enrich(found, held.latest(other));
            return f.withCulprits(found);
        }
        return f;
    }

    /**
     * The capture files a live capture takes only for culprits ({@link CaptureFile.Sampling#CULPRIT}) that name those of
     * these findings, with what allows each; smaps is in every full capture and is not among them.
     */
    public static List<CulpritAsk> asks(Collection<String> findingIds) {
        List<CulpritAsk> out = new ArrayList<>();
        for (String id : findingIds) {
            for (CulpritReading r : BY_ID.getOrDefault(id, List.of())) {
                if (ASKED_FILES.contains(r.file())) out.add(new CulpritAsk(id, r.file(), r.optIn()));
            }
        }
        return out;
    }
}
