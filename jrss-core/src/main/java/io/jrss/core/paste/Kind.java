// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.capture.CaptureFiles;

/**
 * The outputs {@code jrss analyze} recognises by their content, and the capture file each becomes: a paste of
 * {@code VM.native_memory summary} is read exactly as a live capture's {@code jcmd/VM.native_memory.summary.txt}.
 */
public enum Kind {
    NMT("VM.native_memory summary, detail or summary.diff", CaptureFiles.NMT_SUMMARY),
    HS_ERR("hs_err_pid<pid>.log", CaptureFiles.HS_ERR),
    LOG("a JVM's log or exception (CodeCache is full, OutOfMemoryError)", CaptureFiles.LOG),
    GC_LOG("a GC log (-Xlog:gc, -XX:+PrintGCDetails, -verbose:gc)", CaptureFiles.GC_LOG),
    OOM_KILL("the kernel's OOM-killer report (memory cgroup usage, limit and stats)", CaptureFiles.OOM_KILL),
    MALLOC_INFO("glibc malloc_info (System.native_heap_info)", CaptureFiles.NATIVE_HEAP_INFO),
    MALLOC_STATS("glibc malloc_stats", CaptureFiles.MALLOC_STATS),
    SMAPS("/proc/<pid>/smaps", CaptureFiles.SMAPS),
    SMAPS_ROLLUP("/proc/<pid>/smaps_rollup", CaptureFiles.SMAPS_ROLLUP),
    MAPS("/proc/<pid>/maps", CaptureFiles.MAPS),
    PMAP("pmap -x or pmap -X", CaptureFiles.PMAP),
    PMAP_DIFF("a diff of two pmaps", CaptureFiles.PMAP_DIFF),
    PMAP_PLAIN("pmap without an RSS column (address space only)", CaptureFiles.PMAP_PLAIN),
    STATUS("/proc/<pid>/status", CaptureFiles.STATUS),
    PS("ps output (its java process's RSS and VSZ)", CaptureFiles.STATUS),
    JMAP_HEAP("jmap -heap (JDK 8) or jhsdb jmap --heap", CaptureFiles.JMAP_HEAP),
    VM_INFO("VM.info", CaptureFiles.VM_INFO),
    VM_METASPACE("VM.metaspace", CaptureFiles.METASPACE),
    VM_FLAGS("VM.flags", CaptureFiles.VM_FLAGS),
    VM_VERSION("VM.version", CaptureFiles.VM_VERSION),
    HEAP_INFO("GC.heap_info", CaptureFiles.HEAP_INFO),
    CODE_CACHE("Compiler.codecache", CaptureFiles.CODE_CACHE),
    COMPILER_MEMORY("Compiler.memory", CaptureFiles.COMPILER_MEMORY),
    SYSTEM_MAP("System.map", CaptureFiles.SYSTEM_MAP),
    MEMORY_STAT("cgroup memory.stat", CaptureFiles.cgroup("memory.stat")),
    CPU_STAT("cgroup cpu.stat", CaptureFiles.cgroup("cpu.stat")),
    VITALS("SapMachine VM.vitals", CaptureFiles.VITALS),
    PERF_COUNTERS("PerfCounter.print", CaptureFiles.PERF_COUNTERS),
    // Issue 25's formats, recognised by PastedFormats.
    THREAD_DUMP("a thread dump (jstack, jcmd Thread.print)", CaptureFiles.THREAD_DUMP),
    CLASS_HISTOGRAM("jmap -histo or jcmd GC.class_histogram", CaptureFiles.CLASS_HISTOGRAM),
    CLASSLOADER_STATS("jmap -clstats or jcmd VM.classloader_stats", CaptureFiles.CLASSLOADER_STATS),
    SMEM("smem (USS, PSS, RSS of each process)", CaptureFiles.SMEM),
    TOP("top or htop (VIRT, RES, SHR of each process)", CaptureFiles.TOP),
    ARTHAS_MEMORY("Arthas memory or dashboard", CaptureFiles.ARTHAS_MEMORY),
    DOCKER_STATS("docker stats", CaptureFiles.DOCKER_STATS),
    KUBECTL_TOP("kubectl top pod", CaptureFiles.KUBECTL_TOP),
    KUBECTL_DESCRIBE("kubectl describe pod", CaptureFiles.POD),
    MAT_SUSPECTS("Eclipse MAT's leak suspects", CaptureFiles.MAT_SUSPECTS),
    JAVACORE("an OpenJ9 javacore (NATIVEMEMINFO)", CaptureFiles.JAVACORE),
    JSTAT("jstat -gc, -gcutil, -gcold, -gccapacity or -gcmetacapacity (a row or a series)", CaptureFiles.JSTAT);

    private final String what, file;

    Kind(String what, String file) { this.what = what; this.file = file; }

    /** How people call it. */
    public String what() { return what; }

    /** The capture file it is read as. */
    public String file() { return file; }
}
