// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.model.GlibcMalloc;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.PerfCounters;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw signals the timeline rules follow, read from one snapshot: names are stable (they are JSON keys), values
 * are bytes for memory and plain numbers for counts. A signal whose reading is missing is simply absent from the
 * sample, never zero. Signals that need the ledger (arenas) are present only in full samples.
 */
public final class Signals {
    public static final String RSS = "rss", RSS_ANON = "rss_anon", RSS_FILE = "rss_file", RSS_SHMEM = "rss_shmem", SWAP = "swap";
    public static final String HEAP_COMMITTED = "heap_committed", HEAP_USED = "heap_used", HEAP_OLD_USED = "heap_old_used";
    /** The old generation's capacity (hsperfdata's maxCapacity, a GC log's old capacity): where the live set cannot grow past. */
    public static final String HEAP_OLD_MAX = "heap_old_max";
    public static final String GC_COLLECTIONS = "gc_collections", OLD_COLLECTIONS = "old_collections";
    public static final String LOADED_CLASSES = "loaded_classes", THREADS = "threads", METASPACE_COMMITTED = "metaspace_committed";
    public static final String THREAD_STACKS = "thread_stacks", DIRECT_MEMORY = "direct_memory", DIRECT_BLOCKS = "direct_blocks";
    public static final String NMT_COMMITTED = "nmt_committed", NMT_MALLOC = "nmt_malloc", COMPILER_MEMORY = "compiler_memory";
    /** NMT's peak of the compilers' arenas since the JVM started: a spike between two samples still shows in it. */
    public static final String COMPILER_PEAK = "compiler_memory_peak";
    public static final String CODE_CACHE_USED = "code_cache_used", GLIBC_IN_USE = "glibc_in_use", GLIBC_FREE = "glibc_free";
    public static final String NATIVE_UNTRACKED = "native_untracked", CGROUP_USAGE = "cgroup_usage";
    public static final String CPU_PERIODS = "cpu_periods", CPU_THROTTLED = "cpu_throttled";
    public static final String ARENAS = "arenas", BUSY_ARENAS = "busy_arenas";
    /** Seconds since the JVM started (hsperfdata): tells a program's start-up from its steady state. */
    public static final String JVM_UPTIME = "jvm_uptime_seconds";

    /** Signals counted in units rather than bytes; everything else is bytes. */
    public static final List<String> COUNTS = List.of(GC_COLLECTIONS, OLD_COLLECTIONS, LOADED_CLASSES, THREADS, DIRECT_BLOCKS,
            CPU_PERIODS, CPU_THROTTLED, ARENAS, BUSY_ARENAS, JVM_UPTIME);

    public static boolean isBytes(String signal) { return !COUNTS.contains(signal); }

    private Signals() {}

    /** The signals of one snapshot; {@code ledger} is null for a cheap sample (no smaps). */
    public static Map<String, Double> of(Snapshot s, Ledger ledger) {
        Map<String, Double> m = new LinkedHashMap<>();
        ProcStatus st = s.status().orNull();
        if (st != null) {
            put(m, RSS, st.vmRss());
            put(m, RSS_ANON, st.rssAnon());
            put(m, RSS_FILE, st.rssFile());
            put(m, RSS_SHMEM, st.rssShmem());
            put(m, SWAP, st.vmSwap());
            m.put(THREADS, (double) st.threads());
        } else {
            s.rollup().value().ifPresent(r -> { put(m, RSS, r.rss()); put(m, SWAP, r.swap()); });
        }
        HeapInfo heap = s.heap().orNull();
        if (heap != null) {
            put(m, HEAP_COMMITTED, heap.committed());
            put(m, HEAP_USED, heap.used());
            if (heap.metaspace() != null) put(m, METASPACE_COMMITTED, heap.metaspace().committed());
        }
        PerfCounters pc = s.perfCounters().orNull();
        if (pc != null) {
            pc.oldGenUsed().ifPresent(v -> m.put(HEAP_OLD_USED, (double) v));
            pc.number("sun.gc.generation.1.maxCapacity").ifPresent(v -> m.put(HEAP_OLD_MAX, (double) v));
            pc.loadedClasses().ifPresent(v -> m.put(LOADED_CLASSES, (double) v));
            m.put(GC_COLLECTIONS, (double) pc.collections());
            m.put(OLD_COLLECTIONS, (double) pc.oldCollections());
            pc.uptimeSeconds(s.time()).ifPresent(v -> m.put(JVM_UPTIME, v));
        }
        NmtSummary nmt = s.nmt().orNull();
        if (nmt != null) nmt(m, nmt);
        s.codeCache().value().ifPresent(cc -> put(m, CODE_CACHE_USED, cc.used()));
        glibc(m, s);
        s.cgroupMemory().value().ifPresent(cg -> put(m, CGROUP_USAGE, cg.usage()));
        CgroupCpu cpu = s.cgroupCpu().orNull();
        if (cpu != null) {
            m.put(CPU_PERIODS, (double) cpu.nrPeriods());
            m.put(CPU_THROTTLED, (double) cpu.nrThrottled());
        }
        MallocAccount malloc = ledger == null ? null : ledger.malloc();
        if (malloc != null && malloc.allocator().equals("glibc")) {
            m.put(ARENAS, (double) malloc.arenas());
            m.put(BUSY_ARENAS, (double) malloc.busyArenas());
        }
        return m;
    }

    private static void nmt(Map<String, Double> m, NmtSummary nmt) {
        put(m, NMT_COMMITTED, nmt.totalCommitted());
        put(m, NMT_MALLOC, nmt.totalMalloc());
        put(m, DIRECT_MEMORY, nmt.directBuffers()); // NMT leaves out categories under 1 KiB: none is 0
        nmt.category(NmtCategories.OTHER).filter(o -> o.mallocCount() >= 0).ifPresent(o -> m.put(DIRECT_BLOCKS, (double) o.mallocCount()));
        if (nmt.threadStacks().isPositive()) put(m, THREAD_STACKS, nmt.threadStacks());
        put(m, COMPILER_MEMORY, nmt.compilerMemory());
        put(m, COMPILER_PEAK, nmt.compilerPeak());
        if (!m.containsKey(LOADED_CLASSES)) {
            nmt.category(NmtCategories.CLASS).map(NmtCategory::count).filter(c -> c >= 0).ifPresent(c -> m.put(LOADED_CLASSES, (double) c));
        }
        if (!m.containsKey(METASPACE_COMMITTED)) {
            put(m, METASPACE_COMMITTED, nmt.classMetadata());
        }
    }

    /** glibc's in-use and free bytes (not resident bytes: docs/pitfalls.md 1), and in-use bytes NMT does not track. */
    private static void glibc(Map<String, Double> m, Snapshot s) {
        if (s.preloadedAllocator() != null) return; // every glibc figure reads 0 under another allocator (docs/pitfalls.md 4)
        MallocInfo mi = s.mallocInfo().orNull(), outside = s.glibcArenas().orNull();
        GlibcMalloc g = s.vmInfo().map(v -> v.glibc()).orNull();
        Bytes inUse = null, free = null;
        if (mi != null) { inUse = mi.inUseInArenas().plus(mi.mmapSize()); free = mi.free(); }
        // A JDK that prints no 'retained' figure (11.0.13, for one) prints mallinfo's arena bytes alone as outstanding, without
        // glibc's mmapped chunks: not what in use means here, and the ledger does not use it either (MallocSplit).
        else if (g != null && !g.mayHaveWrapped() && g.retained() != null) { inUse = g.outstanding(); free = g.retained(); }
        else if (outside != null && outside.mmapCount() >= 0) { inUse = outside.inUseInArenas().plus(outside.mmapSize()); free = outside.free(); }
        if (inUse == null) return;
        put(m, GLIBC_IN_USE, inUse);
        put(m, GLIBC_FREE, free);
        Double nmtMalloc = m.get(NMT_MALLOC);
        if (nmtMalloc != null) m.put(NATIVE_UNTRACKED, Math.max(0, inUse.value() - nmtMalloc));
    }

    private static void put(Map<String, Double> m, String name, Bytes b) { if (b != null) m.put(name, (double) b.value()); }
}
