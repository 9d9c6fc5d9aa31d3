// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import static io.jrss.core.snapshot.CaptureFile.Phase.CONTEXT;
import static io.jrss.core.snapshot.CaptureFile.Phase.IDENTITY;
import static io.jrss.core.snapshot.CaptureFile.Phase.JVM;
import static io.jrss.core.snapshot.CaptureFile.Phase.LEDGER;
import static io.jrss.core.snapshot.CaptureFile.Sampling.ASKED;
import static io.jrss.core.snapshot.CaptureFile.Sampling.CARRIED;
import static io.jrss.core.snapshot.CaptureFile.Sampling.CULPRIT;
import static io.jrss.core.snapshot.CaptureFile.Sampling.EVERY;
import static io.jrss.core.snapshot.CaptureFile.Sampling.EVERY_BEFORE_21;
import static io.jrss.core.snapshot.CaptureFile.Sampling.FULL;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.VmInfoFilter;
import io.jrss.core.catalogue.Messages;
import io.jrss.core.model.BufferCaches;
import io.jrss.core.model.BufferHolders;
import io.jrss.core.model.CgroupCpu;
import io.jrss.core.model.CgroupMemory;
import io.jrss.core.model.ClassHistogram;
import io.jrss.core.model.ClassHolders;
import io.jrss.core.model.ClassLoaderStats;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeList;
import io.jrss.core.model.FileCache;
import io.jrss.core.model.CompilerMemory;
import io.jrss.core.model.ContainerUsage;
import io.jrss.core.model.GcLog;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JmapHeap;
import io.jrss.core.model.Jstat;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.model.JvmMemoryPools;
import io.jrss.core.model.JvmVersion;
import io.jrss.core.model.LoaderClasses;
import io.jrss.core.model.LeakSuspects;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.MappingHead;
import io.jrss.core.model.Metaspace;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.OpenJ9NativeMemory;
import io.jrss.core.model.PerfCounters;
import io.jrss.core.model.PmapDiff;
import io.jrss.core.model.Pod;
import io.jrss.core.model.PostMortem;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.model.ProcessTable;
import io.jrss.core.model.SmapsRollup;
import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.UnfreedStacks;
import io.jrss.core.model.Vitals;
import io.jrss.core.model.VmInfo;
import io.jrss.core.parse.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every reading jrss knows, each declared once: the files it comes from, how a live capture takes them, how analyze
 * recognises them pasted ({@link Recognition}), its parser, and how to get it when it is missing. The live capture
 * fetches from here, {@link SnapshotParser} parses from here, analyze's sniffer recognises from here, and a report
 * lists what is missing in this order. Adding a reading is one entry here and one parser (see docs/extending.md).
 */
public final class Readings {
    private static final List<ReadingSpec<?>> ALL = new ArrayList<>();

    private static <T> ReadingSpec<T> add(ReadingSpec<T> spec) { ALL.add(spec); return spec; }

    // Files more than one reading reads.
    private static final CaptureFile VITALS_FILE = CaptureFile.pasted(CaptureFiles.VITALS, PastedJcmd.VITALS_OUTPUT);
    private static final CaptureFile PMAP_FILE = CaptureFile.pasted(CaptureFiles.PMAP, PastedProcFiles.PMAP_OUTPUT).numbersOnly();
    private static final CaptureFile SMEM_FILE = CaptureFile.pasted(CaptureFiles.SMEM, PastedTables.SMEM);
    private static final CaptureFile TOP_FILE = CaptureFile.pasted(CaptureFiles.TOP, PastedTables.TOP_OUTPUT);
    private static final CaptureFile CGROUP_FILES = CaptureFile.probe(CaptureFiles.CGROUP, Fetch.Probe.Kind.CGROUP, CONTEXT, EVERY).numbersOnly();

    public static final ReadingSpec<JvmVersion> VERSION = add(ReadingSpec.<JvmVersion>expected("jvm-version", "jcmd <pid> VM.version")
            .from(CaptureFile.jcmd(CaptureFiles.VM_VERSION, "VM.version", IDENTITY, CARRIED).recognisedAs(PastedJcmd.VM_VERSION), (t, c) -> VmVersionParser.parse(t)));

    /** jmap -heap or jhsdb jmap --heap, pasted: its settings stand in for VM.flags, its spaces for GC.heap_info's use. */
    private static final CaptureFile JMAP_HEAP_FILE = CaptureFile.pasted(CaptureFiles.JMAP_HEAP, PastedJcmd.JMAP_HEAP_OUTPUT);

    public static final ReadingSpec<JvmFlags> FLAGS = add(ReadingSpec.<JvmFlags>expected("jvm-flags", "jcmd <pid> VM.flags")
            .from(CaptureFile.jcmd(CaptureFiles.VM_FLAGS, "VM.flags", IDENTITY, CARRIED).recognisedAs(PastedJcmd.VM_FLAGS_OUTPUT),
                    (t, c) -> VmFlagsParser.parse(t, c.text(CaptureFiles.VM_COMMAND_LINE).orElse(null)))
            .from(JMAP_HEAP_FILE, (t, c) -> JmapHeapReadings.flags(JmapHeapParser.parse(t)))
            .with(CaptureFile.jcmd(CaptureFiles.VM_COMMAND_LINE, "VM.command_line", IDENTITY, CARRIED)));

    public static final ReadingSpec<Map<String, String>> ENVIRONMENT = add(ReadingSpec.<Map<String, String>>optional("environment",
                    "not captured", "cat /proc/<pid>/environ")
            .from(CaptureFile.proc(CaptureFiles.ENVIRON, "environ", IDENTITY, CARRIED).by(new Fetch.ProcFile("environ", '\n')),
                    (t, c) -> KeyValueParser.environment(t)));

    public static final ReadingSpec<Map<String, String>> SYSTEM_PROPERTIES = add(ReadingSpec.<Map<String, String>>optional(
                    "system-properties", "not captured", "jcmd <pid> VM.system_properties")
            .from(CaptureFile.jcmd(CaptureFiles.VM_SYSTEM_PROPERTIES, "VM.system_properties", IDENTITY, CARRIED),
                    (t, c) -> KeyValueParser.properties(t)));

    private static final CaptureFile NMT_DIFF_FILE = CaptureFile.pasted(CaptureFiles.NMT_DIFF, "jcmd <pid> VM.native_memory summary.diff").numbersOnly();

    /** NMT's summary; without one, the current amounts of a summary.diff (its deltas taken out). */
    public static final ReadingSpec<NmtSummary> NMT = add(ReadingSpec.<NmtSummary>expected("nmt", "start the JVM with -XX:NativeMemoryTracking=summary")
            .from(CaptureFile.jcmd(CaptureFiles.NMT_SUMMARY, "VM.native_memory summary", LEDGER, EVERY).numbersOnly()
                    .recognisedAs(PastedJcmd.NMT), (t, c) -> nmt(t))
            .from(NMT_DIFF_FILE, (t, c) -> nmt(NmtDiffParser.current(t))));

    private static NmtSummary nmt(String text) {
        if (NmtSummaryParser.isDisabled(text)) throw new ReadingSpec.Off("NMT is off");
        return NmtSummaryParser.parse(text);
    }

    public static final ReadingSpec<HeapInfo> HEAP = add(ReadingSpec.<HeapInfo>expected("gc-heap-info", "jcmd <pid> GC.heap_info")
            .from(CaptureFile.jcmd(CaptureFiles.HEAP_INFO, "GC.heap_info", JVM, EVERY).recognisedAs(PastedJcmd.HEAP_INFO_OUTPUT), (t, c) -> HeapInfoParser.parse(t))
            .from(JMAP_HEAP_FILE, (t, c) -> JmapHeapReadings.heapInfo(JmapHeapParser.parse(t))));

    public static final ReadingSpec<Metaspace> METASPACE = add(ReadingSpec.<Metaspace>expected("metaspace", "jcmd <pid> VM.metaspace")
            .from(CaptureFile.jcmd(CaptureFiles.METASPACE, "VM.metaspace", JVM, FULL).by(new Fetch.Jcmd("VM.metaspace", 10, "", s -> s))
                    .recognisedAs(PastedJcmd.METASPACE),
                    (t, c) -> MetaspaceParser.parse(t)));

    public static final ReadingSpec<CodeCache> CODE_CACHE = add(ReadingSpec.<CodeCache>expected("code-cache", "jcmd <pid> Compiler.codecache")
            .from(CaptureFile.jcmd(CaptureFiles.CODE_CACHE, "Compiler.codecache", JVM, EVERY).by(new Fetch.Jcmd("Compiler.codecache", 9, "", s -> s))
                    .recognisedAs(PastedJcmd.CODE_CACHE_OUTPUT),
                    (t, c) -> CodeCacheParser.parse(t)));

    public static final ReadingSpec<VmInfo> VM_INFO = add(ReadingSpec.<VmInfo>expected("vm-info", "jcmd <pid> VM.info")
            .from(CaptureFile.jcmd(CaptureFiles.VM_INFO, "VM.info", LEDGER, EVERY_BEFORE_21)
                    .by(new Fetch.Jcmd("VM.info", 9, "", VmInfoFilter::keep)).recognisedAs(PastedJcmd.VM_INFO_OUTPUT), (t, c) -> VmInfoParser.parse(t))
            .from(VITALS_FILE, (t, c) -> {
                Vitals.Row latest = latestVitals(t);
                return latest == null ? null : VitalsReadings.glibc(latest);
            }));

    public static final ReadingSpec<MallocInfo> MALLOC_INFO = add(ReadingSpec.<MallocInfo>expected("malloc-info",
                    "JDK 21+: jcmd <pid> System.native_heap_info (on older JDKs glibc figures come from VM.info or from glibc's arenas)")
            .from(CaptureFile.jcmd(CaptureFiles.NATIVE_HEAP_INFO, "System.native_heap_info", LEDGER, EVERY)
                    .by(new Fetch.Jcmd("System.native_heap_info", 21, ": glibc figures come from VM.info or from glibc's arenas", s -> s))
                    .recognisedAs(PastedProcFiles.MALLOC_INFO), (t, c) -> MallocInfoParser.parse(t))
            .from(CaptureFile.pasted(CaptureFiles.MALLOC_STATS, PastedProcFiles.MALLOC_STATS), (t, c) -> MallocStatsParser.parse(t)));

    public static final ReadingSpec<ProcStatus> STATUS = add(ReadingSpec.<ProcStatus>expected("proc-status", "cat /proc/<pid>/status")
            .from(CaptureFile.proc(CaptureFiles.STATUS, "status", LEDGER, EVERY).numbersOnly().recognisedAs(PastedProcFiles.STATUS_OUTPUT), (t, c) -> ProcStatusParser.parseFragment(t))
            .from(VITALS_FILE, (t, c) -> {
                Vitals.Row latest = latestVitals(t);
                return latest == null ? null : VitalsReadings.status(latest);
            })
            .from(SMEM_FILE, (t, c) -> ProcessTables.status(t))
            .from(TOP_FILE, (t, c) -> ProcessTables.status(t)));

    public static final ReadingSpec<SmapsRollup> ROLLUP = add(ReadingSpec.<SmapsRollup>expected("smaps-rollup", "cat /proc/<pid>/smaps_rollup")
            .from(CaptureFile.proc(CaptureFiles.SMAPS_ROLLUP, "smaps_rollup", LEDGER, EVERY).numbersOnly()
                    .recognisedAs(PastedProcFiles.SMAPS_ROLLUP_OUTPUT), (t, c) -> SmapsRollupParser.parse(t)));

    public static final ReadingSpec<List<Mapping>> SMAPS = add(ReadingSpec.<List<Mapping>>expected("smaps", "cat /proc/<pid>/smaps")
            // jrss's own reads (a capture's sample) may list a mapping twice if it changed meanwhile; a paste is kept as given
            .from(CaptureFile.proc(CaptureFiles.SMAPS, "smaps", LEDGER, FULL).numbersOnly().recognisedAs(PastedProcFiles.SMAPS_OUTPUT),
                    (t, c) -> c.info(CaptureInfo.SAMPLE).isPresent() ? SmapsParser.listedOnce(SmapsParser.parse(t)) : SmapsParser.parse(t))
            .from(PMAP_FILE, (t, c) -> PmapParser.parse(PmapTables.last(t)))
            // a watch's cheap samples have no smaps, and a System.map alone must not stand in for it there
            .from(CaptureFile.jcmd(CaptureFiles.SYSTEM_MAP, "System.map", JVM, FULL).by(new Fetch.Jcmd("System.map", 22, "", s -> s))
                    .recognisedAs(PastedJcmd.SYSTEM_MAP_OUTPUT),
                    (t, c) -> c.info(CaptureInfo.SAMPLE).isEmpty() ? SystemMapParser.asMappings(t) : null));

    /** The first words of anonymous mappings, read from the target's memory (glibc arena heaps and chunks are recognised by them). */
    public static final ReadingSpec<List<MappingHead>> MAPPING_HEADS = add(ReadingSpec.<List<MappingHead>>expected("mapping-heads",
                    "run jrss as root or as the target's user so it can read /proc/<pid>/mem")
            .from(CaptureFile.probe(CaptureFiles.MAPPING_HEADS, Fetch.Probe.Kind.MAPPING_HEADS, LEDGER, FULL).numbersOnly(),
                    (t, c) -> MappingHeadsParser.parse(t)));

    /** glibc's own figures read from outside, for any JDK (or none): the ledger uses them where the JVM gives none. */
    public static final ReadingSpec<MallocInfo> GLIBC_ARENAS = add(ReadingSpec.<MallocInfo>expected("glibc-arenas",
                    "run jrss as root or as the target's user so it can read /proc/<pid>/mem")
            .from(CaptureFile.probe(CaptureFiles.GLIBC_ARENAS, Fetch.Probe.Kind.GLIBC_ARENAS, LEDGER, FULL).numbersOnly(),
                    (t, c) -> MallocInfoParser.parse(t)));

    public static final ReadingSpec<CgroupMemory> CGROUP_MEMORY = add(ReadingSpec.<CgroupMemory>expected("cgroup-memory", "cat /proc/<pid>/cgroup")
            .with(CGROUP_FILES).readBy(CgroupReader.of("memory", CgroupParser::memory)));

    public static final ReadingSpec<CgroupCpu> CGROUP_CPU = add(ReadingSpec.<CgroupCpu>expected("cgroup-cpu", "cat /proc/<pid>/cgroup")
            .with(CGROUP_FILES).readBy(CgroupReader.of("cpu", CgroupParser::cpu)));

    public static final ReadingSpec<Integer> CPUS_ONLINE = add(ReadingSpec.<Integer>expected("cpus-online", "cat /sys/devices/system/cpu/online")
            .from(CaptureFile.host(CaptureFiles.CPUS_ONLINE, "/sys/devices/system/cpu/online", CONTEXT, CARRIED).numbersOnly(),
                    (t, c) -> HostFileParser.cpuCount(t)));

    public static final ReadingSpec<Double> LOAD_AVERAGE = add(ReadingSpec.<Double>expected("load-average", "cat /proc/loadavg")
            .from(CaptureFile.host(CaptureFiles.LOADAVG, "/proc/loadavg", CONTEXT, EVERY).numbersOnly(), (t, c) -> HostFileParser.loadAverage(t)));

    /** The bracketed mode of /sys/kernel/mm/transparent_hugepage/enabled ("always", "madvise", "never"). */
    public static final ReadingSpec<String> THP_ENABLED = add(ReadingSpec.<String>expected("thp-enabled", "cat /sys/kernel/mm/transparent_hugepage/enabled")
            .from(CaptureFile.host(CaptureFiles.THP_ENABLED, "/sys/kernel/mm/transparent_hugepage/enabled", CONTEXT, CARRIED).numbersOnly(),
                    (t, c) -> HostFileParser.bracketed(t)));

    public static final ReadingSpec<PerfCounters> PERF_COUNTERS = add(ReadingSpec.<PerfCounters>expected("perf-counters",
                    "jcmd <pid> PerfCounter.print (needs -XX:+UsePerfData, the default)")
            .from(CaptureFile.probe(CaptureFiles.PERF_COUNTERS, Fetch.Probe.Kind.HSPERFDATA, JVM, EVERY).numbersOnly()
                    .recognisedAs(PastedJcmd.PERF_COUNTERS),
                    (t, c) -> PerfCountersParser.parse(t)));

    public static final ReadingSpec<NmtDiff> NMT_DIFF = add(ReadingSpec.<NmtDiff>optional("nmt-diff", "no NMT summary.diff",
                    "jcmd <pid> VM.native_memory baseline, later jcmd <pid> VM.native_memory summary.diff")
            .from(NMT_DIFF_FILE, (t, c) -> NmtDiffParser.parse(t)));

    private static final CaptureFile HS_ERR_FILE = CaptureFile.pasted(CaptureFiles.HS_ERR, PastedLogs.HS_ERR);
    private static final CaptureFile OOM_KILL_FILE = CaptureFile.pasted(CaptureFiles.OOM_KILL, PastedLogs.OOM_KILL);
    private static final CaptureFile LOG_FILE = CaptureFile.pasted(CaptureFiles.LOG, PastedLogs.LOG);
    private static final CaptureFile GC_LOG_FILE = CaptureFile.pasted(CaptureFiles.GC_LOG, PastedLogs.GC_LOG);

    /** How the JVM died, from an hs_err file, a kernel OOM report or a log (analyze only). */
    public static final ReadingSpec<PostMortem> POST_MORTEM = add(ReadingSpec.<PostMortem>optional("hs-err", "no hs_err file (the JVM has not crashed)",
                    "hs_err_pid<pid>.log in the JVM's working directory, if it died")
            // an hs_err header that names nothing but the want of memory (cut after its first lines) gives way to a log or a kernel report
            .from(HS_ERR_FILE, (t, c) -> vague(HsErrParser.parse(t)) && (c.text(CaptureFiles.LOG).isPresent() || c.text(CaptureFiles.OOM_KILL).isPresent())
                    ? null : HsErrParser.parse(t))
            .from(OOM_KILL_FILE, (t, c) -> HsErrParser.parseOomKill(t))
            .from(LOG_FILE, (t, c) -> HsErrParser.parseLog(t)));

    /** What the catalogue finds in every output that can hold the JVM's, the kernel's or glibc's messages (docs/catalogue.md). */
    public static final ReadingSpec<Messages> MESSAGES = add(ReadingSpec.<Messages>optional("messages", "no log, hs_err file or kernel log",
                    "the JVM's stdout and stderr, its hs_err_pid<pid>.log, its GC log, the kernel log (dmesg, journalctl -k)")
            .with(HS_ERR_FILE).with(OOM_KILL_FILE).with(LOG_FILE).with(GC_LOG_FILE).readBy(MessagesReader::read));

    public static final ReadingSpec<CompilerMemory> COMPILER_MEMORY = add(ReadingSpec.<CompilerMemory>optional("compiler-memory", "no Compiler.memory",
                    "JDK 21+: -XX:CompileCommand=MemStat,*.*,collect at start, then jcmd <pid> Compiler.memory")
            .from(CaptureFile.jcmd(CaptureFiles.COMPILER_MEMORY, "Compiler.memory", JVM, CULPRIT).recognisedAs(PastedJcmd.COMPILER_MEMORY)
                    .by(new Fetch.Jcmd("Compiler.memory", 21, "", s -> s)), (t, c) -> CompilerMemoryParser.parse(t)));

    /** SapMachine's VM.vitals table (analyze only); its latest row stands in for status and VM.info. */
    public static final ReadingSpec<Vitals> VITALS = add(ReadingSpec.<Vitals>optional("vm-vitals", "no VM.vitals", "SapMachine: jcmd <pid> VM.vitals")
            .from(VITALS_FILE, (t, c) -> VitalsParser.parse(t)));

    public static final ReadingSpec<PmapDiff> PMAP_DIFF = add(ReadingSpec.<PmapDiff>optional("pmap-diff", "no diff of two pmaps",
                    "pmap -x <pid> now and later, then diff them")
            .from(CaptureFile.pasted(CaptureFiles.PMAP_DIFF, PastedProcFiles.PMAP_DIFF_OUTPUT).numbersOnly(), (t, c) -> PmapDiffParser.parse(t)));

    public static final ReadingSpec<GcLog> GC_LOG = add(ReadingSpec.<GcLog>optional("gc-log", "no GC log",
                    "start the JVM with -Xlog:gc:file=gc.log (JDK 9+) or -XX:+PrintGCDetails -Xloggc:gc.log")
            .from(GC_LOG_FILE, (t, c) -> GcLogParser.parse(t)));

    // Issue 25's pasted formats (analyze only).
    public static final ReadingSpec<ThreadDump> THREAD_DUMP = add(ReadingSpec.<ThreadDump>optional("thread-dump", "no thread dump",
                    "jcmd <pid> Thread.print (or jstack <pid>)")
            .from(CaptureFile.jcmd(CaptureFiles.THREAD_DUMP, "Thread.print", JVM, CULPRIT).recognisedAs(PastedTables.THREAD_DUMP), (t, c) -> ThreadDumpParser.parse(t))
            .from(HS_ERR_FILE, (t, c) -> HsErrThreadsParser.parse(t)));

    /** What fills the code cache, method by method: code-cache-full's culprits. */
    public static final ReadingSpec<CodeList> CODE_LIST = add(ReadingSpec.<CodeList>optional("code-list", "no Compiler.codelist",
                    "jcmd <pid> Compiler.codelist (JDK 9+)")
            .from(CaptureFile.jcmd(CaptureFiles.CODE_LIST, "Compiler.codelist", JVM, CULPRIT).by(new Fetch.Jcmd("Compiler.codelist", 9, "", s -> s))
                    .recognisedAs(PastedJcmd.CODE_LIST_OUTPUT),
                    (t, c) -> CodeListParser.parse(t)));

    /**
     * Native allocations not freed, by stack: native-leak's culprits. Never fetched by a capture: a watch with
     * --culprits=profile writes it from async-profiler's recording when the finding fires; a user pastes it.
     */
    public static final ReadingSpec<UnfreedStacks> NATIVE_STACKS = add(ReadingSpec.<UnfreedStacks>optional("native-stacks",
                    "no native allocation profile", "jrss watch --culprits=profile <pid> (or asprof -e nativemem -o collapsed <pid>)")
            .from(new CaptureFile(CaptureFiles.NATIVE_STACKS, new Fetch.Pasted("async-profiler's nativemem stacks"), CaptureFile.Phase.NEVER, CULPRIT, true,
                    PastedTables.NATIVE_STACKS), (t, c) -> PprofTextParser.isReport(t) ? PprofTextParser.parse(t) : CollapsedStacksParser.parse(t)));

    /** The temporary direct buffers cached per thread: direct-buffer-cache's culprits, from a heap dump a watch takes (--culprits=heap). */
    public static final ReadingSpec<BufferCaches> BUFFER_CACHES = add(ReadingSpec.<BufferCaches>optional("buffer-caches",
                    "no heap dump census", "jrss heap <pid> (or jrss watch --culprits=heap <pid>): GC.heap_dump pauses the target")
            .from(new CaptureFile(CaptureFiles.BUFFER_CACHES, new Fetch.Pasted("jrss's thread buffer caches"), CaptureFile.Phase.NEVER, CULPRIT, true,
                    PastedTables.BUFFER_CACHES), (t, c) -> BufferCachesParser.parse(t)));

    /** Every native allocation by stack, freed or not: glibc-fragmentation's and glibc-arena-bloat's call sites (--culprits=profile). */
    public static final ReadingSpec<UnfreedStacks> NATIVE_ALLOCATIONS = add(ReadingSpec.<UnfreedStacks>optional("native-allocations",
                    "no native allocation profile", "jrss watch --culprits=profile <pid> (or asprof -e nativemem -o collapsed <pid>, without --leak)")
            .from(new CaptureFile(CaptureFiles.NATIVE_ALLOCATIONS, new Fetch.Pasted("async-profiler's nativemem stacks, all allocations"), CaptureFile.Phase.NEVER,
                    CULPRIT, true, PastedTables.NATIVE_ALLOCATIONS), (t, c) -> CollapsedStacksParser.parse(t)));

    /** Who holds the direct buffers that own native memory: direct-buffer-leak's culprits, from a heap dump a watch takes (--culprits=heap). */
    public static final ReadingSpec<BufferHolders> BUFFER_HOLDERS = add(ReadingSpec.<BufferHolders>optional("buffer-holders",
                    "no heap dump census", "jrss heap <pid> (or jrss watch --culprits=heap <pid>): GC.heap_dump pauses the target")
            .from(new CaptureFile(CaptureFiles.BUFFER_HOLDERS, new Fetch.Pasted("jrss's direct-buffer holders"), CaptureFile.Phase.NEVER, CULPRIT, true,
                    PastedTables.BUFFER_HOLDERS), (t, c) -> BufferHoldersParser.parse(t)));

    /** How much of the files the process works with is in the page cache: page-cache-in-usage's culprits. */
    public static final ReadingSpec<FileCache> FILE_CACHE = add(ReadingSpec.<FileCache>optional("file-cache",
                    "no fincore of the process's files", "fincore --bytes /proc/<pid>/fd/* (util-linux)")
            .from(new CaptureFile(CaptureFiles.FINCORE, new Fetch.Probe(Fetch.Probe.Kind.OPEN_FILES_CACHE), CaptureFile.Phase.CONTEXT, CULPRIT, true,
                    PastedTables.FINCORE), (t, c) -> FincoreParser.parse(t)));

    /** A heap dump's largest classes and what holds each: heap-leak's holder, from a heap dump a watch takes (--culprits=heap). */
    public static final ReadingSpec<ClassHolders> CLASS_HOLDERS = add(ReadingSpec.<ClassHolders>optional("class-holders",
                    "no heap dump's class holders", "jrss watch --culprits=histogram,heap <pid>: GC.heap_dump pauses the target")
            .from(new CaptureFile(CaptureFiles.CLASS_HOLDERS, new Fetch.Pasted("jrss's class holders"), CaptureFile.Phase.NEVER, CULPRIT, true,
                    PastedTables.CLASS_HOLDERS), (t, c) -> ClassHoldersParser.parse(t)));

    /** Two or more pmaps of one process pasted in order: two times. */
    public static final ReadingSpec<List<List<Mapping>>> PMAP_SERIES = add(ReadingSpec.<List<List<Mapping>>>optional("pmap-series",
                    "no two pmaps of one process", "pmap -x <pid> now and later, both pasted in that order")
            .from(PMAP_FILE, (t, c) -> PmapTables.series(t)));

    /** smem, top or htop tables (in the order given): the java process's RSS, and two times when there are two. */
    public static final ReadingSpec<List<ProcessTable>> PROCESS_TABLES = add(ReadingSpec.<List<ProcessTable>>optional("process-tables",
                    "no smem, top or htop output", "smem -P java (USS, PSS, RSS) or top -b -n 1 -p <pid>, now and later")
            .from(SMEM_FILE, (t, c) -> ProcessTableParser.parse(t))
            .from(TOP_FILE, (t, c) -> ProcessTableParser.parse(t))
            .from(CaptureFile.pasted(CaptureFiles.PS, PastedProcFiles.PS), (t, c) -> ProcessTableParser.parse(t)));

    /** Class histograms in the order given: two or more are two times. */
    public static final ReadingSpec<List<ClassHistogram>> CLASS_HISTOGRAMS = add(ReadingSpec.<List<ClassHistogram>>optional("class-histograms",
                    "no class histogram", "jcmd <pid> GC.class_histogram (or jmap -histo:live <pid>), now and later")
            .from(CaptureFile.jcmd(CaptureFiles.CLASS_HISTOGRAM, "GC.class_histogram", JVM, CULPRIT).recognisedAs(PastedTables.CLASS_HISTOGRAM),
                    (t, c) -> ClassHistogramParser.parse(t)));

    public static final ReadingSpec<ClassLoaderStats> CLASSLOADER_STATS = add(ReadingSpec.<ClassLoaderStats>optional("classloader-stats",
                    "no class loader statistics", "jcmd <pid> VM.classloader_stats (or jmap -clstats <pid>)")
            .from(CaptureFile.jcmd(CaptureFiles.CLASSLOADER_STATS, "VM.classloader_stats", JVM, CULPRIT).recognisedAs(PastedTables.CLASSLOADER_STATS),
                    (t, c) -> ClassLoaderStatsParser.parse(t)));

    /** The classes each loader type defines (JDK 11+): metaspace-leak's culprit names what its loaders load. */
    public static final ReadingSpec<LoaderClasses> LOADER_CLASSES = add(ReadingSpec.<LoaderClasses>optional("loader-classes",
                    "no class loader tree with its classes", "jcmd <pid> VM.classloaders show-classes (JDK 11+)")
            .from(CaptureFile.jcmd(CaptureFiles.CLASSLOADERS, "VM.classloaders show-classes", JVM, CULPRIT).recognisedAs(PastedTables.CLASSLOADERS),
                    (t, c) -> ClassLoadersParser.parse(t)));

    public static final ReadingSpec<Pod> POD = add(ReadingSpec.<Pod>optional("kubernetes-pod", "no kubectl describe pod",
                    "kubectl describe pod <pod> (its containers' state, last state, limits and requests)")
            .from(CaptureFile.pasted(CaptureFiles.POD, PastedTables.KUBECTL_DESCRIBE), (t, c) -> PodDescriptionParser.parse(t)));

    public static final ReadingSpec<ContainerUsage> DOCKER_STATS = add(ReadingSpec.<ContainerUsage>optional("docker-stats", "no docker stats",
                    "docker stats --no-stream")
            .from(CaptureFile.pasted(CaptureFiles.DOCKER_STATS, PastedTables.DOCKER_STATS), (t, c) -> ContainerUsageParser.docker(t)));

    public static final ReadingSpec<ContainerUsage> KUBECTL_TOP = add(ReadingSpec.<ContainerUsage>optional("kubectl-top", "no kubectl top pod",
                    "kubectl top pod <pod> (--containers)")
            .from(CaptureFile.pasted(CaptureFiles.KUBECTL_TOP, PastedTables.KUBECTL_TOP_OUTPUT), (t, c) -> ContainerUsageParser.kubectlTop(t)));

    public static final ReadingSpec<JvmMemoryPools> JVM_MEMORY_POOLS = add(ReadingSpec.<JvmMemoryPools>optional("jvm-memory-pools", "no Arthas memory view",
                    "Arthas: memory (or dashboard)")
            .from(CaptureFile.pasted(CaptureFiles.ARTHAS_MEMORY, PastedTables.ARTHAS), (t, c) -> ArthasMemoryParser.parse(t)));

    public static final ReadingSpec<LeakSuspects> LEAK_SUSPECTS = add(ReadingSpec.<LeakSuspects>optional("leak-suspects", "no MAT leak suspects",
                    "a heap dump (jcmd <pid> GC.heap_dump file.hprof) opened in Eclipse MAT: Leak Suspects report")
            .from(CaptureFile.pasted(CaptureFiles.MAT_SUSPECTS, PastedTables.MAT_SUSPECTS), (t, c) -> LeakSuspectsParser.parse(t)));

    public static final ReadingSpec<OpenJ9NativeMemory> OPENJ9_NATIVE_MEMORY = add(ReadingSpec.<OpenJ9NativeMemory>optional("openj9-native-memory",
                    "no OpenJ9 javacore", "OpenJ9: kill -3 <pid> (or jcmd <pid> Dump.java) writes a javacore with NATIVEMEMINFO")
            .from(CaptureFile.pasted(CaptureFiles.JAVACORE, PastedTables.JAVACORE), (t, c) -> JavacoreParser.nativeMemory(t)));

    public static final ReadingSpec<JmapHeap> JMAP_HEAP = add(ReadingSpec.<JmapHeap>optional("jmap-heap", "no jmap -heap",
                    "jhsdb jmap --heap --pid <pid> (JDK 9+) or jmap -heap <pid> (JDK 8); it stops the JVM while it reads")
            .from(JMAP_HEAP_FILE, (t, c) -> JmapHeapParser.parse(t)));

    /** jstat's tables in the order given: a series of rows is a timeline of the heap. */
    public static final ReadingSpec<Jstat> JSTAT = add(ReadingSpec.<Jstat>optional("jstat", "no jstat output",
                    "jstat -gc -t <pid> 10s for some minutes (a row every 10 s, sizes in KiB; -gcutil gives percentages)")
            .from(CaptureFile.pasted(CaptureFiles.JSTAT, PastedTables.JSTAT), (t, c) -> JstatParser.parse(t)));

    /** An hs_err header that says no more than that memory ran out: no size, no thread, no signal. */
    private static boolean vague(PostMortem p) { return p.requested() == null && !p.cause().equals("thread") && !p.cause().equals("crash"); }

    /** Files a capture keeps for a person to read that no reading parses yet. */
    private static final List<CaptureFile> KEPT = List.of(
            CaptureFile.proc(CaptureFiles.CMDLINE, "cmdline", IDENTITY, CARRIED).by(new Fetch.ProcFile("cmdline", ' ')),
            CaptureFile.host(CaptureFiles.MEMINFO, "/proc/meminfo", CONTEXT, FULL).numbersOnly(),
            CaptureFile.jcmd(CaptureFiles.NMT_DETAIL, "VM.native_memory detail", LEDGER, ASKED).numbersOnly(),
            CaptureFile.pasted(CaptureFiles.MAPS, PastedProcFiles.MAPS_OUTPUT).numbersOnly(),
            CaptureFile.pasted(CaptureFiles.PMAP_PLAIN, PastedProcFiles.PMAP_PLAIN).numbersOnly());

    /** Outputs analyze recognises pasted that no reading names as a file: the cgroup reader takes them with the rest of the cgroup. */
    private static final List<CaptureFile> PASTED_CGROUP_FILES = List.of(
            CaptureFile.pasted(CaptureFiles.cgroup("memory.stat"), PastedProcFiles.MEMORY_STAT).numbersOnly(),
            CaptureFile.pasted(CaptureFiles.cgroup("cpu.stat"), PastedProcFiles.CPU_STAT).numbersOnly());

    private static final Map<String, CaptureFile> FILES = new LinkedHashMap<>();

    static {
        for (CaptureFile.Phase phase : CaptureFile.Phase.values()) {
            for (ReadingSpec<?> r : ALL) for (CaptureFile f : r.files()) if (f.phase() == phase) FILES.putIfAbsent(f.name(), f);
            for (CaptureFile f : KEPT) if (f.phase() == phase) FILES.putIfAbsent(f.name(), f);
        }
    }

    private Readings() {}

    /** Every reading, in the order reports list them. */
    public static List<ReadingSpec<?>> all() { return List.copyOf(ALL); }

    /** Every file, in the order a full capture takes them: phase by phase, and within a phase in the readings' order. */
    public static List<CaptureFile> files() { return List.copyOf(FILES.values()); }

    /** Every output analyze recognises pasted, with how: the sniffer asks these and nothing else. */
    public static List<CaptureFile> recognised() {
        List<CaptureFile> out = new ArrayList<>(FILES.values().stream().filter(f -> f.recognition() != null).toList());
        out.addAll(PASTED_CGROUP_FILES);
        return List.copyOf(out);
    }

    /** False only for a file the kernel or the JVM writes from numbers; true for any file not declared here. */
    public static boolean mayHoldSecrets(String file) {
        if (file.startsWith("cgroup/")) return false;
        CaptureFile f = FILES.get(file);
        return f == null || f.mayHoldSecrets();
    }

    private static Vitals.Row latestVitals(String text) {
        try {
            return VitalsParser.parse(text).latest();
        } catch (ParseException e) {
            return null; // VM.vitals itself reports the failure
        }
    }
}
