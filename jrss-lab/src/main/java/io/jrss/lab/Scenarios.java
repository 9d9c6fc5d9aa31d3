// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The catalogue of lab scenarios, one per memory phenomenon and finding id (docs/findings/). */
public final class Scenarios {
    private static final String LAB = "io.jrss.lab.";

    private static Scenario s(String name, String cls, String shows, List<String> flags, int minJdk, Scenario.Container c,
                              List<String> findings, boolean timeline) {
        return s(name, cls, shows, flags, Map.of(), minJdk, c, findings, timeline, Duration.ofSeconds(timeline ? 30 : 20));
    }

    private static Scenario s(String name, String cls, String shows, List<String> flags, Map<String, String> env, int minJdk,
                              Scenario.Container c, List<String> findings, boolean timeline, Duration runTime) {
        return new Scenario(name, LAB + cls, shows, flags, env, minJdk, c, findings, timeline, runTime);
    }

    private static final List<Scenario> ALL = List.of(
            s("healthy", "Healthy", "a steady service with a stable footprint: the control, no finding may fire",
                    List.of("-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch"), 11, Scenario.Container.NONE, List.of(), false),
            s("heap-leak", "HeapLeak", "a live set that keeps growing until the heap is nearly full, across G1's concurrent cycles",
                    List.of("-Xmx256m", "-XX:InitiatingHeapOccupancyPercent=25", "-XX:-G1UseAdaptiveIHOP"), 17, Scenario.Container.NONE, List.of("heap-leak"), true),
            s("heap-overcommitted", "HeapOvercommitted", "a heap that grew for a burst and is not given back",
                    List.of("-Xms64m", "-Xmx1g", "-XX:+UseG1GC"), 17, Scenario.Container.NONE, List.of("heap-overcommitted"), true),
            s("metaspace-leak", "MetaspaceLeak", "class loaders that are never released, each with its own classes",
                    List.of("-Xmx256m"), 17, Scenario.Container.NONE, List.of("metaspace-leak"), true),
            s("thread-leak", "ThreadLeak", "threads that keep being started and parked",
                    List.of("-Xmx256m"), 17, Scenario.Container.NONE, List.of("thread-leak"), true),
            s("code-cache-full", "CodeCacheFull", "a small code cache filled by generated classes until the JIT stops",
                    List.of("-Xmx256m", "-XX:ReservedCodeCacheSize=8m", "-XX:-SegmentedCodeCache", "-XX:TieredStopAtLevel=1"), 17, Scenario.Container.NONE,
                    List.of("code-cache-full"), false),
            s("direct-buffer-leak", "DirectBufferLeak", "direct buffers kept forever, up to 94% of MaxDirectMemorySize",
                    List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m"), 11, Scenario.Container.NONE, List.of("direct-buffer-leak"), false),
            s("direct-buffer-cache", "DirectBufferCache",
                    "16 threads readAllBytes() 32 MiB files through channel streams; the temporary buffer cache keeps them",
                    // up to JDK 23 the temporary buffers count toward MaxDirectMemorySize, by default the max heap
                    List.of("-Xmx256m", "-XX:MaxDirectMemorySize=1g"), 18, Scenario.Container.NONE, List.of("direct-buffer-cache"), false),
            // issue 31: a Jetty-like server's temporary buffer cache, up to JDK 23 ordinary direct buffers in every count
            s("direct-buffer-cache-writes", "TemporaryBufferWrites",
                    "26 workers write 12 MiB heap buffers through gathering socket writes; each caches its temporary direct buffers (about 312 MiB)",
                    List.of("-Xmx512m"), 11, Scenario.Container.NONE, List.of("direct-buffer-cache"), false),
            // issue 25: a pooled direct memory leak in a small, quiet heap that no old collection judges within a minute
            s("pooled-direct-leak", "PooledDirectLeak",
                    "a pool takes a 4 MiB direct chunk every 0.3 s and never gets one back (14 MB/s), in a 64 MiB heap that never collects its old generation",
                    List.of("-Xmx64m", "-XX:MaxDirectMemorySize=2g"), 11, Scenario.Container.NONE, List.of("direct-buffer-leak"), true),
            s("native-leak", "NativeLeak", "zlib Deflaters and Inflaters never ended: native memory NMT never sees",
                    List.of("-Xmx256m"), 17, Scenario.Container.NONE, List.of("native-leak"), true),
            s("glibc-fragmentation", "GlibcFragmentation",
                    "two waves through zlib from 4 threads: keep the later allocations, free the earlier ones",
                    List.of("-Xmx128m"), 11, Scenario.Container.NONE, List.of("glibc-fragmentation"), false),
            s("glibc-arena-bloat", "GlibcArenaBloat", "64 threads compressing in 16 MiB bursts, 4 at a time: each arena of 8 x cores keeps its peak",
                    List.of("-Xmx256m"), 11, Scenario.Container.NONE, List.of("glibc-arena-bloat", "glibc-fragmentation"), false),
            s("mapped-files", "MappedFiles", "a 256 MiB file mapped and read through a MappedByteBuffer",
                    List.of("-Xmx128m"), 11, Scenario.Container.NONE, List.of("mapped-files"), false),
            s("zgc-shared-memory", "ZgcSharedMemory", "a ZGC heap churned through many cycles; on JDK 17 it is shared memory (memfd:java_heap) mapped 3 times",
                    List.of("-XX:+UseZGC", "-Xmx512m"), 17, Scenario.Container.NONE, List.of("zgc-shared-memory"), false),
            s("cpu-throttling", "CpuThrottling", "GC-heavy work in a cgroup with a 0.2 CPU quota",
                    List.of("-Xmx256m"), 17, Scenario.Container.CPU_QUOTA, List.of("cpu-throttling"), false),
            s("container-limit-risk", "ContainerLimitRisk", "a 1 GiB max heap in a 384 MiB memory cgroup, filling toward the limit",
                    List.of("-Xmx1g"), 17, Scenario.Container.MEMORY_LIMIT, List.of("container-limit-risk"), false),
            // a spike of about 11 s (compile, then the chunk pool) every 40 s: 70 s hold two, and far more low samples than high;
            // glibc keeps much of the freed arena, so glibc-fragmentation is as real here as the spike
            s("compiler-memory-spike", "CompilerMemorySpike",
                    "one method C2 cannot compile (14 stacked StringBuilder chains, JDK-8362394), again every 40 s: about 1 GiB of compiler arena for about 6 s each time",
                    List.of("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch"), Map.of(), 17, Scenario.Container.NONE,
                    List.of("glibc-fragmentation", "compiler-memory-spike"), true, Duration.ofSeconds(70)),
            s("page-cache-in-usage", "PageCacheInUsage", "512 MiB of files written and read in a 384 MiB memory cgroup: its usage is mostly page cache",
                    List.of("-Xmx64m"), 17, Scenario.Container.MEMORY_LIMIT, List.of("page-cache-in-usage"), false),
            s("thp-bloat", "ThpBloat", "512 MiB of malloc'd memory written once every 2 MiB, with glibc asking for transparent huge pages",
                    List.of("-Xmx64m"), Map.of("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1"), 11, Scenario.Container.NONE,
                    List.of("thp-bloat"), false, Duration.ofSeconds(20)),
            // issue 25: a start-up is not a trend; a control, like healthy: no finding may fire, in batch mode above all
            s("short-lived-jit", "ShortLivedJit",
                    "a program that works 30 s and exits: its JIT compiles new code the whole time, a few MiB of a 240 MiB code cache",
                    List.of("-Xmx256m"), 17, Scenario.Container.NONE, List.of(), true),
            s("swap-in-use", "SwapInUse", "a 512 MiB heap cache left cold in a 384 MiB memory cgroup with swap and swappiness 100",
                    List.of("-Xmx768m"), 17, Scenario.Container.MEMORY_LIMIT_SWAP, List.of("container-limit-risk", "swap-in-use"), false));

    /** Why a scenario's phenomenon needs JDK {@link Scenario#minJdk()} or newer: what jrss lab run says on an older one. */
    private static final Map<String, String> WHY_MIN_JDK = Map.of(
            "direct-buffer-cache", "before JDK 18 readAllBytes() reads a channel stream 8 KiB at a time, so the temporary direct buffer cache keeps nothing",
            "zgc-shared-memory", "ZGC is experimental before JDK 15 (-XX:+UnlockExperimentalVMOptions)",
            "code-cache-full", "its program defines hidden classes (JDK 15+) and is compiled for JDK 17",
            "short-lived-jit", "its program defines hidden classes (JDK 15+) and is compiled for JDK 17",
            "compiler-memory-spike", "its program defines hidden classes (JDK 15+) and is compiled for JDK 17; NMT's peaks it also reads are JDK 17+",
            "container-limit-risk", "its program reads its cgroup through the lab's own classes, compiled for JDK 17",
            "page-cache-in-usage", "its program reads its cgroup through the lab's own classes, compiled for JDK 17",
            "swap-in-use", "its program reads its cgroup through the lab's own classes, compiled for JDK 17",
            "oom-kill", "it has been shown and tested on JDK 17 and newer only");

    public static String whyMinJdk(Scenario s) {
        return WHY_MIN_JDK.getOrDefault(s.name(), "it has been shown and tested on JDK " + s.minJdk() + " and newer only");
    }

    /**
     * Scenarios that end by themselves, killed by the kernel: run by hand and by their own tests, not by the batches
     * that keep every scenario alive for a watch.
     */
    private static final List<Scenario> KILLED = List.of(
            s("oom-kill", "OomKill", "direct memory leaked at 40 MiB/s in a 768 MiB memory cgroup until the kernel's OOM killer ends the JVM",
                    List.of("-Xmx128m", "-XX:MaxDirectMemorySize=4g"), Map.of(), 17, Scenario.Container.MEMORY_LIMIT_KILL,
                    List.of("container-limit-risk"), true, Duration.ofSeconds(70)));

    public static List<Scenario> all() { return ALL; }

    /** The scenarios the kernel kills ({@link #KILLED}). */
    public static List<Scenario> killed() { return KILLED; }

    public static Optional<Scenario> named(String name) {
        return java.util.stream.Stream.concat(ALL.stream(), KILLED.stream()).filter(s -> s.name().equals(name)).findFirst();
    }

    private Scenarios() {}
}
