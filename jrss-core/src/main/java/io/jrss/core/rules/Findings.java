// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of findings, one entry per id, as {@code Readings} is for readings: each id joined to its page
 * (docs/findings/), the lab scenario that reproduces it (jrss-lab's {@code Scenarios}), and, through the rules whose
 * {@code id()} names the entry, the rules that raise it. Tests derive from it instead of repeating the ids.
 */
public final class Findings {
    /**
     * One finding.
     *
     * @param id         the stable id (JSON {@code findings[].id}, the page's name)
     * @param scenario   the lab scenario named after it that reproduces it, or null
     * @param noScenario why no lab scenario reproduces it, when {@code scenario} is null
     */
    public record Entry(String id, String scenario, String noScenario) {
        /** Its page, from the repository's root. */
        public String page() { return "docs/findings/" + id + ".md"; }

        @Override public String toString() { return id; }
    }

    private static final List<Entry> ALL = new ArrayList<>();

    // The Java heap
    public static final Entry HEAP_LEAK = lab("heap-leak");
    public static final Entry HEAP_OVERCOMMITTED = lab("heap-overcommitted");

    // Memory the JVM tracks (NMT)
    public static final Entry METASPACE_LEAK = lab("metaspace-leak");
    public static final Entry THREAD_LEAK = lab("thread-leak");
    public static final Entry THREAD_CREATION_FAILED = none("thread-creation-failed", "it needs a JVM that fails to start a thread (an hs_err file or a log)");
    public static final Entry CODE_CACHE_FULL = lab("code-cache-full");
    public static final Entry COMPILER_MEMORY_SPIKE = lab("compiler-memory-spike");
    public static final Entry NMT_OFF = none("nmt-off", "every lab scenario runs with NMT on, so that the ledger is exact");

    // NIO buffers
    public static final Entry DIRECT_BUFFER_LEAK = lab("direct-buffer-leak");
    public static final Entry DIRECT_BUFFER_CACHE = lab("direct-buffer-cache");
    public static final Entry MAPPED_FILES = lab("mapped-files");

    // Native code and the allocator
    public static final Entry NATIVE_LEAK = lab("native-leak");
    public static final Entry NATIVE_OOM = none("native-oom", "it needs a JVM that runs out of native memory (an hs_err file)");
    public static final Entry GLIBC_FRAGMENTATION = lab("glibc-fragmentation");
    public static final Entry GLIBC_ARENA_BLOAT = lab("glibc-arena-bloat");

    // The OS and the container
    public static final Entry CONTAINER_LIMIT_RISK = lab("container-limit-risk");
    public static final Entry PAGE_CACHE_IN_USAGE = lab("page-cache-in-usage");
    public static final Entry CPU_THROTTLING = lab("cpu-throttling");
    public static final Entry ZGC_SHARED_MEMORY = lab("zgc-shared-memory");
    public static final Entry THP_BLOAT = lab("thp-bloat");
    public static final Entry SWAP_IN_USE = lab("swap-in-use");

    private Findings() {}

    /** Every finding, in the order of docs/findings/README.md. */
    public static List<Entry> all() { return List.copyOf(ALL); }

    public static Optional<Entry> of(String id) { return ALL.stream().filter(e -> e.id().equals(id)).findFirst(); }

    private static Entry lab(String id) { return add(new Entry(id, id, null)); }

    private static Entry none(String id, String why) { return add(new Entry(id, null, why)); }

    private static Entry add(Entry e) {
        ALL.add(e);
        return e;
    }
}
