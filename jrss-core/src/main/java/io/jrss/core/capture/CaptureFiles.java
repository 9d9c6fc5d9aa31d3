// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

/**
 * The file names of a capture directory. Each repeats the command or path that produced it, so a reader can
 * regenerate any file by hand: {@code jcmd/GC.heap_info.txt} is {@code jcmd <pid> GC.heap_info}.
 */
public final class CaptureFiles {
    public static final String INFO = "capture.properties";
    public static final String MANIFEST = "manifest.tsv";

    public static final String VM_VERSION = "jcmd/VM.version.txt";
    public static final String VM_FLAGS = "jcmd/VM.flags.txt";
    public static final String VM_COMMAND_LINE = "jcmd/VM.command_line.txt";
    public static final String VM_SYSTEM_PROPERTIES = "jcmd/VM.system_properties.txt";
    public static final String NMT_SUMMARY = "jcmd/VM.native_memory.summary.txt";
    public static final String NMT_DETAIL = "jcmd/VM.native_memory.detail.txt";
    public static final String HEAP_INFO = "jcmd/GC.heap_info.txt";
    public static final String METASPACE = "jcmd/VM.metaspace.txt";
    public static final String CODE_CACHE = "jcmd/Compiler.codecache.txt";
    public static final String CODE_LIST = "jcmd/Compiler.codelist.txt";
    /** VM.info filtered to the sections jrss reads; its environment and properties sections are dropped. */
    public static final String VM_INFO = "jcmd/VM.info.txt";
    public static final String NATIVE_HEAP_INFO = "jcmd/System.native_heap_info.txt";
    /** glibc's malloc_stats(3), pasted (gdb's call malloc_stats()). */
    public static final String MALLOC_STATS = "proc/malloc_stats.txt";
    public static final String SYSTEM_MAP = "jcmd/System.map.txt";
    public static final String PERF_COUNTERS = "jcmd/PerfCounter.print.txt";
    public static final String NMT_DIFF = "jcmd/VM.native_memory.summary.diff.txt";
    public static final String COMPILER_MEMORY = "jcmd/Compiler.memory.txt";
    public static final String VITALS = "jcmd/VM.vitals.txt";
    /** Only from analyze: outputs people had, not readings jrss took. */
    public static final String HS_ERR = "postmortem/hs_err.log";
    public static final String PMAP = "proc/pmap";
    /** diff of two pmaps; and a plain pmap (no RSS column), kept as it says nothing of what is resident. */
    public static final String PMAP_DIFF = "proc/pmap.diff", PMAP_PLAIN = "proc/pmap.plain";
    public static final String LOG = "postmortem/log.txt";
    public static final String GC_LOG = "postmortem/gc.log";
    public static final String OOM_KILL = "postmortem/oom-kill.txt";
    public static final String MAPS = "proc/maps";
    /** Issue 25's pasted formats: each file keeps every paste of its kind, in the order given (two tables are two times). */
    public static final String THREAD_DUMP = "jcmd/Thread.print.txt", CLASS_HISTOGRAM = "jcmd/GC.class_histogram.txt",
            CLASSLOADER_STATS = "jcmd/VM.classloader_stats.txt", CLASSLOADERS = "jcmd/VM.classloaders.txt", SMEM = "proc/smem.txt", TOP = "proc/top.txt", PS = "proc/ps.txt",
            ARTHAS_MEMORY = "arthas/memory.txt", DOCKER_STATS = "container/docker-stats.txt", KUBECTL_TOP = "container/kubectl-top-pod.txt",
            POD = "container/kubectl-describe-pod.txt", MAT_SUSPECTS = "heap/mat-leak-suspects.txt", JAVACORE = "postmortem/javacore.txt";
    /** jstat's GC tables (every paste, in order) and jmap -heap / jhsdb jmap --heap, pasted. */
    public static final String JSTAT = "jcmd/jstat.txt", JMAP_HEAP = "jcmd/jmap-heap.txt";
    /** Native allocations not freed, by stack, in async-profiler's collapsed form: a watch's --culprits=profile, or pasted. */
    public static final String NATIVE_STACKS = "profile/nativemem-unfreed.collapsed";
    /** Every native allocation by stack, freed or not, in the same form: a watch's --culprits=profile, for glibc-*. */
    public static final String NATIVE_ALLOCATIONS = "profile/nativemem-allocated.collapsed";
    /** Who holds the direct buffers that own native memory, from a heap dump's census: a watch's --culprits=heap. */
    public static final String BUFFER_HOLDERS = "heap/direct-buffer-holders.txt";
    /** The temporary direct buffers each thread's sun.nio.ch.Util cache keeps, from the same census: --culprits=heap. */
    public static final String BUFFER_CACHES = "heap/thread-buffer-caches.txt";
    /** A heap dump's largest classes and what holds each: a watch's --culprits=heap, for heap-leak. */
    public static final String CLASS_HOLDERS = "heap/class-holders.txt";
    /** How much of the files a process works with is in the page cache: fincore of its open files and their directories. */
    public static final String FINCORE = "proc/fincore.txt";

    public static final String STATUS = "proc/status";
    public static final String SMAPS_ROLLUP = "proc/smaps_rollup";
    public static final String SMAPS = "proc/smaps";
    public static final String CMDLINE = "proc/cmdline";
    public static final String ENVIRON = "proc/environ";
    public static final String CGROUP = "proc/cgroup";
    /** The first words of anonymous mappings, read from /proc/pid/mem (see MappingHeadsParser and MappingHead). */
    public static final String MAPPING_HEADS = "proc/mapping_heads";
    /** glibc's arenas read from /proc/pid/mem, in malloc_info's XML (see GlibcArenas in the probe). */
    public static final String GLIBC_ARENAS = "proc/glibc_arenas";

    public static final String LOADAVG = "host/loadavg";
    public static final String CPUS_ONLINE = "host/cpu_online";
    public static final String MEMINFO = "host/meminfo";
    public static final String THP_ENABLED = "host/transparent_hugepage_enabled";

    /** cgroup controller files keep the kernel's names under cgroup/, e.g. cgroup/memory.max. */
    public static String cgroup(String kernelFile) { return "cgroup/" + kernelFile; }

    private CaptureFiles() {}
}
