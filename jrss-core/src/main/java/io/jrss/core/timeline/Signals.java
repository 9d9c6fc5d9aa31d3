// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Allocator;
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
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw signals the timeline rules follow, read from one snapshot, each typed with its unit ({@link Signal}): names
 * are stable (they are JSON keys), values are bytes for memory and plain numbers for counts. A signal whose reading is missing is simply absent from the
 * sample, never zero. Signals that need the ledger (arenas) are present only in full samples.
 */
public final class Signals {
    public static final Signal.Memory RSS = bytes("rss"), RSS_ANON = bytes("rss_anon"), RSS_FILE = bytes("rss_file"),
            RSS_SHMEM = bytes("rss_shmem"), SWAP = bytes("swap");
    public static final Signal.Memory HEAP_COMMITTED = bytes("heap_committed"), HEAP_USED = bytes("heap_used"),
            HEAP_OLD_USED = bytes("heap_old_used");
    /** The old generation's capacity (hsperfdata's maxCapacity, a GC log's old capacity): where the live set cannot grow past. */
    public static final Signal.Memory HEAP_OLD_MAX = bytes("heap_old_max");
    public static final Signal.Count GC_COLLECTIONS = count("gc_collections"), OLD_COLLECTIONS = count("old_collections");
    /** Stop-the-world collections of the whole heap: after one, the old generation holds only what is live. */
    public static final Signal.Count FULL_COLLECTIONS = count("full_collections");
    public static final Signal.Count LOADED_CLASSES = count("loaded_classes"), THREADS = count("threads");
    public static final Signal.Memory METASPACE_COMMITTED = bytes("metaspace_committed");
    public static final Signal.Memory THREAD_STACKS = bytes("thread_stacks"), DIRECT_MEMORY = bytes("direct_memory");
    public static final Signal.Count DIRECT_BLOCKS = count("direct_blocks");
    public static final Signal.Memory NMT_COMMITTED = bytes("nmt_committed"), NMT_MALLOC = bytes("nmt_malloc"),
            COMPILER_MEMORY = bytes("compiler_memory");
    /** NMT's peak of the compilers' arenas since the JVM started: a spike between two samples still shows in it. */
    public static final Signal.Memory COMPILER_PEAK = bytes("compiler_memory_peak");
    public static final Signal.Memory CODE_CACHE_USED = bytes("code_cache_used"), GLIBC_IN_USE = bytes("glibc_in_use"),
            GLIBC_FREE = bytes("glibc_free");
    public static final Signal.Memory NATIVE_UNTRACKED = bytes("native_untracked"), CGROUP_USAGE = bytes("cgroup_usage");
    public static final Signal.Count CPU_PERIODS = count("cpu_periods"), CPU_THROTTLED = count("cpu_throttled");
    public static final Signal.Count ARENAS = count("arenas"), BUSY_ARENAS = count("busy_arenas");
    /** Seconds since the JVM started (hsperfdata): tells a program's start-up from its steady state. */
    public static final Signal.Count JVM_UPTIME = new Signal.Count("jvm_uptime_seconds", Signal.Unit.seconds);
    /**
     * Seconds jrss's own culprit readings held the target at a safepoint before this sample, summed since the watch
     * began (Thread.print, VM.classloader_stats, VM.classloaders, GC.class_histogram: their time as taken). Trends
     * read the target's running time, not jrss's pauses: a 10 s thread dump is not the target slowing down.
     */
    public static final Signal.Count JRSS_PAUSED = new Signal.Count("jrss_paused_seconds", Signal.Unit.seconds);

    /** Every signal a reading of the target gives, in the order they are declared; not {@link #JRSS_PAUSED}, jrss's own bookkeeping. */
    public static final List<Signal> ALL = List.of(RSS, RSS_ANON, RSS_FILE, RSS_SHMEM, SWAP, HEAP_COMMITTED, HEAP_USED,
            HEAP_OLD_USED, HEAP_OLD_MAX, GC_COLLECTIONS, OLD_COLLECTIONS, FULL_COLLECTIONS, LOADED_CLASSES, THREADS, METASPACE_COMMITTED,
            THREAD_STACKS, DIRECT_MEMORY, DIRECT_BLOCKS, NMT_COMMITTED, NMT_MALLOC, COMPILER_MEMORY, COMPILER_PEAK,
            CODE_CACHE_USED, GLIBC_IN_USE, GLIBC_FREE, NATIVE_UNTRACKED, CGROUP_USAGE, CPU_PERIODS, CPU_THROTTLED, ARENAS,
            BUSY_ARENAS, JVM_UPTIME);

    /**
     * Whether a series of this name is in bytes: every signal says its unit; a derived series that is not a signal
     * (a ledger row, the live heap's floor) is bytes.
     */
    public static boolean isBytes(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst().map(s -> s.unit() == Signal.Unit.bytes).orElse(true);
    }

    private static Signal.Memory bytes(String name) { return new Signal.Memory(name); }

    private static Signal.Count count(String name) { return new Signal.Count(name, Signal.Unit.count); }

    private Signals() {}

    /** The signals of one snapshot; {@code ledger} is null for a cheap sample (no smaps). */
    public static Map<String, Double> of(Snapshot s, Ledger ledger) {
        Map<String, Double> m = new LinkedHashMap<>();
        ProcStatus st = s.get(Readings.STATUS).orNull();
        if (st != null) {
            put(m, RSS, st.vmRss());
            put(m, RSS_ANON, st.rssAnon());
            put(m, RSS_FILE, st.rssFile());
            put(m, RSS_SHMEM, st.rssShmem());
            put(m, SWAP, st.vmSwap());
            put(m, THREADS, (double) st.threads());
        } else {
            s.get(Readings.ROLLUP).value().ifPresent(r -> { put(m, RSS, r.rss()); put(m, SWAP, r.swap()); });
        }
        HeapInfo heap = s.get(Readings.HEAP).orNull();
        if (heap != null) {
            put(m, HEAP_COMMITTED, heap.committed());
            put(m, HEAP_USED, heap.used());
            if (heap.metaspace() != null) put(m, METASPACE_COMMITTED, heap.metaspace().committed());
        }
        PerfCounters pc = s.get(Readings.PERF_COUNTERS).orNull();
        if (pc != null) {
            pc.oldGenUsed().ifPresent(v -> put(m, HEAP_OLD_USED, (double) v));
            pc.number("sun.gc.generation.1.maxCapacity").ifPresent(v -> put(m, HEAP_OLD_MAX, (double) v));
            pc.loadedClasses().ifPresent(v -> put(m, LOADED_CLASSES, (double) v));
            put(m, GC_COLLECTIONS, (double) pc.collections());
            put(m, OLD_COLLECTIONS, (double) pc.oldCollections());
            put(m, FULL_COLLECTIONS, (double) pc.fullCollections());
            pc.uptimeSeconds(s.time()).ifPresent(v -> put(m, JVM_UPTIME, v));
        }
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        if (nmt != null) nmt(m, nmt);
        s.get(Readings.CODE_CACHE).value().ifPresent(cc -> put(m, CODE_CACHE_USED, cc.used()));
        glibc(m, s);
        s.get(Readings.CGROUP_MEMORY).value().ifPresent(cg -> put(m, CGROUP_USAGE, cg.usage()));
        CgroupCpu cpu = s.get(Readings.CGROUP_CPU).orNull();
        if (cpu != null) {
            put(m, CPU_PERIODS, (double) cpu.nrPeriods());
            put(m, CPU_THROTTLED, (double) cpu.nrThrottled());
        }
        MallocAccount malloc = ledger == null ? null : ledger.malloc();
        if (malloc != null && malloc.allocator() == Allocator.glibc) {
            put(m, ARENAS, (double) malloc.arenas());
            put(m, BUSY_ARENAS, (double) malloc.busyArenas());
        }
        return m;
    }

    private static void nmt(Map<String, Double> m, NmtSummary nmt) {
        put(m, NMT_COMMITTED, nmt.totalCommitted());
        put(m, NMT_MALLOC, nmt.totalMalloc());
        put(m, DIRECT_MEMORY, nmt.directBuffers()); // NMT leaves out categories under 1 KiB: none is 0
        nmt.category(NmtCategories.OTHER).filter(o -> o.mallocCount() >= 0).ifPresent(o -> put(m, DIRECT_BLOCKS, (double) o.mallocCount()));
        if (nmt.threadStacks().isPositive()) put(m, THREAD_STACKS, nmt.threadStacks());
        put(m, COMPILER_MEMORY, nmt.compilerMemory());
        put(m, COMPILER_PEAK, nmt.compilerPeak());
        if (!m.containsKey(LOADED_CLASSES.name())) {
            nmt.category(NmtCategories.CLASS).map(NmtCategory::count).filter(c -> c >= 0).ifPresent(c -> put(m, LOADED_CLASSES, (double) c));
        }
        if (!m.containsKey(METASPACE_COMMITTED.name())) {
            put(m, METASPACE_COMMITTED, nmt.classMetadata());
        }
    }

    /** glibc's in-use and free bytes (not resident bytes: docs/pitfalls.md 1), and in-use bytes NMT does not track. */
    private static void glibc(Map<String, Double> m, Snapshot s) {
        if (s.preloadedAllocator() != null) return; // every glibc figure reads 0 under another allocator (docs/pitfalls.md 4)
        MallocInfo mi = s.get(Readings.MALLOC_INFO).orNull(), outside = s.get(Readings.GLIBC_ARENAS).orNull();
        GlibcMalloc g = s.get(Readings.VM_INFO).map(v -> v.glibc()).orNull();
        Bytes inUse = null, free = null;
        if (mi != null) { inUse = mi.inUseInArenas().plus(mi.mmapSize()); free = mi.free(); }
        // A JDK that prints no 'retained' figure (11.0.13, for one) prints mallinfo's arena bytes alone as outstanding, without
        // glibc's mmapped chunks: not what in use means here, and the ledger does not use it either (MallocSplit).
        else if (g != null && !g.mayHaveWrapped() && g.retained() != null) { inUse = g.outstanding(); free = g.retained(); }
        else if (outside != null && outside.mmapCount() >= 0) { inUse = outside.inUseInArenas().plus(outside.mmapSize()); free = outside.free(); }
        if (inUse == null) return;
        put(m, GLIBC_IN_USE, inUse);
        put(m, GLIBC_FREE, free);
        Double nmtMalloc = m.get(NMT_MALLOC.name());
        if (nmtMalloc != null) put(m, NATIVE_UNTRACKED, Math.max(0, inUse.value() - nmtMalloc));
    }

    private static void put(Map<String, Double> m, Signal.Memory signal, Bytes b) { if (b != null) m.put(signal.name(), (double) b.value()); }

    private static void put(Map<String, Double> m, Signal signal, double v) { m.put(signal.name(), v); }
}
