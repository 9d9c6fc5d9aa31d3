// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import io.jrss.core.timeline.Signals;
import java.util.List;

/**
 * The metric each timeline signal is exported as: Prometheus names (base units, {@code _bytes}; counters get
 * {@code _total} from the text format), one per signal, so the rules' evidence is on the dashboard too. A signal
 * without an entry here fails {@code SignalMetricsTest}: adding a signal means naming its metric.
 */
public final class SignalMetrics {
    /** @param counter true for counters that only grow (the text format adds {@code _total}) */
    public record Metric(String signal, String name, boolean counter, String help) {}

    public static final List<Metric> ALL = List.of(
            gauge(Signals.RSS_ANON.name(), "jrss_rss_anon_bytes", "Resident anonymous memory (RssAnon of /proc/<pid>/status)."),
            gauge(Signals.RSS_FILE.name(), "jrss_rss_file_bytes", "Resident file-backed memory (RssFile)."),
            gauge(Signals.RSS_SHMEM.name(), "jrss_rss_shmem_bytes", "Resident shared memory (RssShmem): ZGC's heap on a memfd shows here."),
            gauge(Signals.SWAP.name(), "jrss_swap_bytes", "Memory of the process swapped out (VmSwap)."),
            gauge(Signals.HEAP_COMMITTED.name(), "jrss_heap_committed_bytes", "Java heap committed (GC.heap_info)."),
            gauge(Signals.HEAP_USED.name(), "jrss_heap_used_bytes", "Java heap used, garbage included (GC.heap_info)."),
            gauge(Signals.HEAP_OLD_USED.name(), "jrss_heap_old_used_bytes", "Old generation used (hsperfdata)."),
            gauge(Signals.HEAP_OLD_MAX.name(), "jrss_heap_old_max_bytes", "Old generation capacity (hsperfdata)."),
            counter(Signals.GC_COLLECTIONS.name(), "jrss_gc_collections", "Collections since the JVM started (hsperfdata)."),
            counter(Signals.OLD_COLLECTIONS.name(), "jrss_gc_old_collections", "Old-generation or full collections since the JVM started."),
            counter(Signals.FULL_COLLECTIONS.name(), "jrss_gc_full_collections", "Stop-the-world collections of the whole heap since the JVM started (GC.run and class histograms too)."),
            gauge(Signals.LOADED_CLASSES.name(), "jrss_classes_loaded", "Classes loaded now."),
            gauge(Signals.THREADS.name(), "jrss_threads", "Threads of the process (/proc/<pid>/status)."),
            gauge(Signals.METASPACE_COMMITTED.name(), "jrss_metaspace_committed_bytes", "Metaspace committed."),
            gauge(Signals.THREAD_STACKS.name(), "jrss_thread_stacks_bytes", "Thread stacks committed, as NMT counts them."),
            gauge(Signals.DIRECT_MEMORY.name(), "jrss_direct_memory_bytes", "NIO direct buffers (NMT's Other category)."),
            gauge(Signals.DIRECT_BLOCKS.name(), "jrss_direct_memory_blocks", "Direct buffer allocations outstanding (NMT's Other count)."),
            gauge(Signals.NMT_COMMITTED.name(), "jrss_nmt_committed_bytes", "Everything NMT tracks, committed."),
            gauge(Signals.NMT_MALLOC.name(), "jrss_nmt_malloc_bytes", "The JVM's own malloc, as NMT tracks it."),
            gauge(Signals.COMPILER_MEMORY.name(), "jrss_compiler_memory_bytes", "The JIT compilers' arenas now (NMT)."),
            gauge(Signals.COMPILER_PEAK.name(), "jrss_compiler_memory_peak_bytes", "The JIT compilers' arenas at their peak since the JVM started (NMT)."),
            gauge(Signals.CODE_CACHE_USED.name(), "jrss_code_cache_used_bytes", "Code cache used (Compiler.codecache)."),
            gauge(Signals.GLIBC_IN_USE.name(), "jrss_glibc_in_use_bytes", "Bytes glibc's malloc has handed out and not had back (not resident bytes)."),
            gauge(Signals.GLIBC_FREE.name(), "jrss_glibc_free_bytes", "Bytes freed to glibc's malloc and kept by it (not resident bytes)."),
            gauge(Signals.NATIVE_UNTRACKED.name(), "jrss_native_untracked_bytes", "glibc in use minus NMT's malloc: native code's malloc, which NMT never sees."),
            gauge(Signals.CGROUP_USAGE.name(), "jrss_cgroup_usage_bytes", "The container's memory usage as its limit counts it (page cache included)."),
            counter(Signals.CPU_PERIODS.name(), "jrss_cgroup_cpu_periods", "CFS periods of the container's CPU quota (cpu.stat nr_periods)."),
            counter(Signals.CPU_THROTTLED.name(), "jrss_cgroup_cpu_throttled_periods", "CFS periods in which the container was throttled (nr_throttled)."),
            gauge(Signals.ARENAS.name(), "jrss_glibc_arenas", "glibc malloc arenas (main arena included), from the full sample's mappings."),
            gauge(Signals.BUSY_ARENAS.name(), "jrss_glibc_busy_arenas", "glibc arenas holding at least 16 MiB resident each."),
            gauge(Signals.JVM_UPTIME.name(), "jrss_jvm_uptime_seconds", "Seconds since the JVM started (hsperfdata): the first minute is start-up, not a trend."));

    private SignalMetrics() {}

    private static Metric gauge(String signal, String name, String help) { return new Metric(signal, name, false, help); }

    private static Metric counter(String signal, String name, String help) { return new Metric(signal, name, true, help); }
}
