// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import static io.jrss.core.model.NmtCategories.ARENA_CHUNK;
import static io.jrss.core.model.NmtCategories.CLASS;
import static io.jrss.core.model.NmtCategories.COMPILER;
import static io.jrss.core.model.NmtCategories.METASPACE;
import static io.jrss.core.model.NmtCategories.OTHER;
import static io.jrss.core.model.NmtCategories.THREAD;
import static io.jrss.core.model.NmtCategories.THREAD_STACK;

import java.util.List;
import java.util.Optional;

/**
 * A parsed {@code VM.native_memory summary} (or the summary part of {@code detail}), amounts in bytes
 * whatever {@code scale=} it was printed with.
 *
 * @param level       "summary" or "detail"
 * @param totalMalloc the "malloc:" line under Total where the JDK prints it, else the sum of the categories
 */
public record NmtSummary(String level, Bytes totalReserved, Bytes totalCommitted, Bytes totalMalloc,
                         List<NmtCategory> categories) {
    public Optional<NmtCategory> category(String name) {
        return categories.stream().filter(c -> c.name().equals(name)).findFirst();
    }
    /** Committed bytes of a category, zero when absent. */
    public Bytes committed(String name) { return category(name).map(NmtCategory::committed).orElse(Bytes.ZERO); }
    /** malloc + arena bytes of a category (memory that lives in the C heap), zero when absent. */
    public Bytes mallocd(String name) {
        return category(name).map(c -> c.malloc().plus(c.arena())).orElse(Bytes.ZERO);
    }
    public Bytes mmapCommitted(String name) { return category(name).map(NmtCategory::mmapCommitted).orElse(Bytes.ZERO); }

    /**
     * The highest the JIT compilers' arenas have been since the JVM started, or null when NMT prints no peaks (before
     * JDK 17): the larger of Compiler's arena peak and Arena Chunk's malloc peak (the chunks those arenas are made of).
     */
    public Bytes compilerPeak() {
        Bytes arena = category(COMPILER).map(NmtCategory::arenaPeak).orElse(null);
        Bytes chunks = category(ARENA_CHUNK).map(NmtCategory::mallocPeak).orElse(null);
        if (arena == null) return chunks;
        return chunks == null ? arena : arena.max(chunks);
    }

    /** Direct buffers and Unsafe memory as the ledger counts them: malloc of "Other" (JDK 11+; see {@link NmtCategories#DIRECT_BUFFERS}). */
    public Bytes directBuffers() { return mallocd(OTHER); }

    /** Committed class metadata: "Class" plus "Metaspace" (the latter absent on JDK 8 and 11). */
    public Bytes classMetadata() { return committed(CLASS).plus(committed(METASPACE)); }

    /** Committed thread stacks: Thread's stack line (JDK 11+), else "Thread Stack", else all of "Thread" (JDK 8). */
    public Bytes threadStacks() {
        return category(THREAD).map(NmtCategory::stackCommitted).filter(Bytes::isPositive)
                .orElse(committed(THREAD_STACK).isPositive() ? committed(THREAD_STACK) : committed(THREAD));
    }

    /** What the JIT compilers hold now: malloc and arenas of "Compiler" and "Arena Chunk". */
    public Bytes compilerMemory() { return mallocd(COMPILER).plus(mallocd(ARENA_CHUNK)); }
}
