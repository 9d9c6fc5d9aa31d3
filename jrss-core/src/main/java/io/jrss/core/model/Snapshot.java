// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One moment of one Java process: every parsed reading, each available or missing with its reason.
 * Built from a {@code Capture} by {@code SnapshotParser}; never touches a process. Immutable.
 *
 * @param mappingHeads the first words of anonymous mappings, read from the target's memory (glibc arena heaps and
 *                     mmapped chunks are recognised by them)
 * @param environment the target's environment as captured (credentials already redacted)
 * @param systemProperties the target's system properties (credentials already redacted), empty when not captured
 * @param cpusOnline  CPUs of the host, from /sys/devices/system/cpu/online
 * @param loadAverage the 1-minute load average of the host
 * @param thpEnabled  the bracketed mode of /sys/kernel/mm/transparent_hugepage/enabled ("always", "madvise", "never")
 * @param perfCounters HotSpot's performance counters (loaded classes, Java threads, old generation, collections)
 * @param nmtDiff     NMT's summary.diff against a baseline (analyze, and watch --nmt-baseline)
 * @param postMortem  how the JVM died, from an hs_err file (analyze only)
 * @param compilerMemory what each compilation took, from Compiler.memory (analyze only)
 * @param vitals      SapMachine's VM.vitals table (analyze only); its latest row stands in for status and VM.info
 * @param pmapDiff    a diff of two pmaps (analyze only)
 * @param gcLog       a GC log's collections (analyze only)
 */
public record Snapshot(int pid, Instant time, Reading<JvmVersion> version, Reading<JvmFlags> flags,
                       Reading<NmtSummary> nmt, Reading<HeapInfo> heap, Reading<Metaspace> metaspace,
                       Reading<CodeCache> codeCache, Reading<VmInfo> vmInfo, Reading<MallocInfo> mallocInfo,
                       Reading<ProcStatus> status, Reading<SmapsRollup> rollup, Reading<List<Mapping>> smaps,
                       Reading<List<MappingHead>> mappingHeads,
                       Reading<CgroupMemory> cgroupMemory, Reading<CgroupCpu> cgroupCpu,
                       Map<String, String> environment, Map<String, String> systemProperties, Reading<Integer> cpusOnline, Reading<Double> loadAverage,
                       Reading<String> thpEnabled, Reading<PerfCounters> perfCounters, Reading<NmtDiff> nmtDiff,
                       Reading<PostMortem> postMortem, Reading<CompilerMemory> compilerMemory, Reading<Vitals> vitals,
                       Reading<PmapDiff> pmapDiff, Reading<GcLog> gcLog) {

    /** Every missing reading, in field order, for reports. */
    public List<Unavailable> unavailable() {
        List<Unavailable> out = new ArrayList<>();
        for (Reading<?> r : List.of(version, flags, nmt, heap, metaspace, codeCache, vmInfo, mallocInfo, status, rollup,
                smaps, mappingHeads, cgroupMemory, cgroupCpu, cpusOnline, loadAverage, thpEnabled, perfCounters)) {
            r.why().ifPresent(out::add);
        }
        for (Reading<?> r : List.of(nmtDiff, postMortem, compilerMemory, vitals, pmapDiff, gcLog)) { // absent is normal for these; only a failed reading is news
            r.why().filter(u -> u.reason().startsWith("could not parse")).ifPresent(out::add);
        }
        return out;
    }

    /** The allocator preloaded into the target ("jemalloc", "tcmalloc", "mimalloc"), or null for glibc malloc. */
    public String preloadedAllocator() {
        String preload = environment.getOrDefault("LD_PRELOAD", "");
        VmInfo info = vmInfo.orNull();
        if (preload.isEmpty() && info != null && info.ldPreload() != null) preload = info.ldPreload();
        for (String a : List.of("jemalloc", "tcmalloc", "mimalloc")) {
            if (preload.contains(a)) return a;
        }
        List<Mapping> maps = smaps.orNull();
        if (maps != null) {
            for (Mapping m : maps) {
                for (String a : List.of("jemalloc", "tcmalloc", "mimalloc")) {
                    if (m.pathname().contains("lib" + a)) return a;
                }
            }
        }
        return null;
    }

    /** The pid as the commands of a remedy print it: "&lt;pid&gt;" when the input named none (a paste, a JFR file). */
    public String pidText() { return pid == 0 ? "<pid>" : Integer.toString(pid); }

    /** The JVM vendor from the system properties, or null. */
    public String vendor() {
        return systemProperties.getOrDefault("java.vm.vendor", systemProperties.get("java.vendor"));
    }

    /** The GC in use: from GC.heap_info, else from the Use...GC flag. */
    public String gc() {
        HeapInfo h = heap.orNull();
        if (h != null && !"unknown".equals(h.gc())) return h.gc();
        JvmFlags f = flags.orNull();
        if (f != null) {
            for (var e : Map.of("UseG1GC", "G1", "UseParallelGC", "Parallel", "UseSerialGC", "Serial", "UseZGC", "ZGC",
                    "UseShenandoahGC", "Shenandoah", "UseEpsilonGC", "Epsilon").entrySet()) {
                if (f.isOn(e.getKey())) return e.getValue();
            }
        }
        return "unknown";
    }
}
