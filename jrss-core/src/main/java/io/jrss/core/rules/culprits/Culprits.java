// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * For each finding that has one, the reading that names who holds its memory, read from the same snapshot the finding
 * came from: the thread groups of a thread dump or an hs_err file, the class loader types of VM.classloader_stats, the
 * classes that grew between class histograms, the compilations of Compiler.memory, the files of smaps. A finding whose
 * reading is absent keeps no culprit; its remedy says which command names them.
 */
public final class Culprits {
    /** At most this many per finding: the first is the culprit, the others what comes next. */
    static final int TOP = 5;

    private static final Map<String, Function<Snapshot, List<Culprit>>> BY_ID = Map.of(
            Findings.THREAD_LEAK.id(), ThreadCulprits::of,
            Findings.THREAD_CREATION_FAILED.id(), ThreadCulprits::of,
            Findings.NATIVE_OOM.id(), ThreadCulprits::ofMany,
            Findings.METASPACE_LEAK.id(), LoaderCulprits::of,
            Findings.HEAP_LEAK.id(), ClassCulprits::of,
            Findings.HEAP_OVERCOMMITTED.id(), ClassCulprits::of,
            Findings.COMPILER_MEMORY_SPIKE.id(), MethodCulprits::of,
            Findings.MAPPED_FILES.id(), FileCulprits::of);

    private Culprits() {}

    /** The finding with its culprits from {@code s}, or as it is when it has some already or none can be read. */
    public static Finding of(Snapshot s, Finding f) {
        if (!f.culprits().isEmpty()) return f;
        Function<Snapshot, List<Culprit>> reader = BY_ID.get(f.id());
        if (reader == null) return f;
        List<Culprit> found = reader.apply(s);
        return found.isEmpty() ? f : f.withCulprits(found);
    }

    /** The ids whose culprits a snapshot can name, for docs and tests. */
    public static java.util.Set<String> ids() { return BY_ID.keySet(); }
}
