// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

import static io.jrss.it.lab.RawSignals.MIB;
import static io.jrss.it.lab.RawSignals.cHeap;
import static io.jrss.it.lab.RawSignals.group;
import static io.jrss.it.lab.RawSignals.nmtCommitted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One check per lab scenario, against the size the scenario's own comment promises. Growing scenarios are read
 * twice, {@link #GAP_MILLIS} apart. Each returns the numbers it measured (MiB unless named otherwise) for the log.
 */
final class ScenarioChecks {
    static final long GAP_MILLIS = 4_000; // long enough for every growing scenario to add 20 units of what it leaks

    private final Path jdk;
    private final long pid;

    ScenarioChecks(Path jdk, long pid) { this.jdk = jdk; this.pid = pid; }

    private String jcmd(String... command) throws IOException, InterruptedException { return RawSignals.jcmd(jdk, pid, command); }

    private long status(String field) throws IOException { return RawSignals.status(pid, field); }

    private String nmt() throws IOException, InterruptedException { return jcmd("VM.native_memory", "summary"); }

    private static void gap() throws InterruptedException { Thread.sleep(GAP_MILLIS); }

    /** The control: every signal far below the threshold of the finding it could raise. */
    String healthy() throws Exception {
        long[] glibc = cHeap(jcmd("VM.info"));
        long other = nmtCommitted(nmt(), "Other");
        long rss = status("VmRSS"), threads = status("Threads"), file = status("RssFile"), shmem = status("RssShmem");
        assertTrue(rss < 320 * MIB, "RSS " + rss / MIB + " MiB");
        assertTrue(threads < 40, threads + " threads");
        assertTrue(glibc[1] < 32 * MIB, "glibc retained " + glibc[1] / MIB + " MiB (glibc-fragmentation needs 64)");
        assertTrue(other < 16 * MIB, "NMT Other " + other / MIB + " MiB (no direct buffers are used)");
        assertTrue(file < 48 * MIB && shmem < 16 * MIB, "RssFile " + file / MIB + " MiB, RssShmem " + shmem / MIB + " MiB");
        return "rss " + rss / MIB + ", threads " + threads + ", glibc outstanding " + glibc[0] / MIB + " retained " + glibc[1] / MIB
                + ", nmt other " + other / MIB + ", rss file " + file / MIB + ", rss shmem " + shmem / MIB;
    }

    /** Live heap after a full GC, twice: at least the 64 MiB kept before READY, then growing (2 MiB/s when the machine keeps up). */
    String heapLeak() throws Exception {
        Growth live = Growth.of(this::liveHeap, 4 * MIB);
        assertTrue(live.first() >= 64 * MIB, "live heap " + live.first() / MIB + " MiB");
        assertTrue(live.grew(), "live heap " + live.first() / MIB + " -> " + live.last() / MIB + " MiB in " + live.waitedMillis() + " ms");
        return "live heap after full GC " + live.first() / MIB + " -> " + live.last() / MIB + " in " + live.waitedMillis() + " ms, rss " + status("VmRSS") / MIB;
    }

    private long liveHeap() throws Exception {
        jcmd("GC.run");
        return group(jcmd("GC.heap_info"), "garbage-first heap\\s+total \\d+K, used (\\d+)K", "G1 heap used");
    }

    /** Committed heap near -Xmx1g with little of it used, and still committed a few seconds later. */
    String heapOvercommitted() throws Exception {
        long[] first = g1Heap();
        gap();
        long[] second = g1Heap();
        long rss = status("VmRSS");
        assertTrue(first[0] >= 512 * MIB && second[0] >= first[0], "heap committed " + first[0] / MIB + " -> " + second[0] / MIB + " MiB");
        assertTrue(second[1] * 4 < second[0], "heap used " + second[1] / MIB + " of " + second[0] / MIB + " MiB committed");
        assertTrue(rss >= 512 * MIB, "RSS " + rss / MIB + " MiB: the burst's pages should still be resident");
        return "heap committed " + first[0] / MIB + " -> " + second[0] / MIB + ", used " + first[1] / MIB + " -> " + second[1] / MIB + ", rss " + rss / MIB;
    }

    private long[] g1Heap() throws Exception {
        String info = jcmd("GC.heap_info");
        return new long[] {group(info, "garbage-first heap\\s+total (\\d+)K", "G1 heap total"), group(info, "garbage-first heap\\s+total \\d+K, used (\\d+)K", "G1 heap used")};
    }

    /** Loaded classes (one per leaked loader) and NMT Metaspace, twice: 5,000 loaders at READY, then 50 a second. */
    String metaspaceLeak() throws Exception {
        long classes1 = loadedClasses(), meta1 = nmtCommitted(nmt(), "Metaspace");
        gap();
        long classes2 = loadedClasses(), meta2 = nmtCommitted(nmt(), "Metaspace");
        assertTrue(classes1 >= 5_000, classes1 + " classes loaded");
        assertTrue(classes2 - classes1 >= 100, "loaded classes " + classes1 + " -> " + classes2);
        assertTrue(meta1 >= 48 * MIB && meta2 > meta1, "NMT Metaspace " + meta1 / MIB + " -> " + meta2 / MIB + " MiB");
        return "java.cls.loadedClasses " + classes1 + " -> " + classes2 + ", nmt metaspace " + meta1 / MIB + " -> " + meta2 / MIB;
    }

    private long loadedClasses() throws Exception { return group(jcmd("PerfCounter.print"), "java\\.cls\\.loadedClasses=(\\d+)", "java.cls.loadedClasses"); }

    /** Threads in /proc and in NMT, twice: 500 parked at READY, then 5 more a second. */
    String threadLeak() throws Exception {
        String nmt = nmt();
        Growth threads = Growth.of(() -> status("Threads"), 10);
        long first = threads.first(), second = threads.last();
        long nmtThreads = group(nmt, "\\(thread #(\\d+)\\)", "NMT thread count");
        long stacks = group(nmt, "\\(stack: reserved=\\d+KB, committed=(\\d+)KB\\)", "NMT stack committed");
        assertTrue(first >= 500 && nmtThreads >= 500, first + " threads in /proc, " + nmtThreads + " in NMT");
        assertTrue(second - first >= 10, "threads " + first + " -> " + second);
        return "threads " + first + " -> " + second + ", nmt threads " + nmtThreads + ", stack committed " + stacks / MIB;
    }

    /** The 8 MiB code cache at least 85% used and the compiler stopped by it. */
    String codeCacheFull() throws Exception {
        String cc = jcmd("Compiler.codecache");
        long size = group(cc, "size=(\\d+)Kb", "code cache size"), used = group(cc, "used=(\\d+)Kb", "code cache used");
        long full = group(cc, "full_count=(\\d+)", "full_count");
        assertEquals(8 * MIB, size, "ReservedCodeCacheSize");
        assertTrue(used >= 0.85 * size, "code cache used " + used + " of " + size + " KiB");
        assertTrue(full >= 1, "full_count " + full);
        return "code cache used " + used + " of " + size + " KiB, full_count " + full + (cc.contains("compilation: disabled") ? ", compilation disabled" : "");
    }

    /** NMT Other (direct buffers) at 60 MiB, 94% of MaxDirectMemorySize=64m. */
    String directBufferLeak() throws Exception {
        long other = nmtCommitted(nmt(), "Other");
        assertTrue(other >= 0.8 * 64 * MIB && other <= 64 * MIB, "NMT Other " + other + " KiB");
        return "nmt other " + other / MIB + " (" + Math.round(100.0 * other / (64 * MIB)) + "% of 64), rss " + status("VmRSS") / MIB;
    }

    /** NMT Other (cached temporary direct buffers) at 8 x 32 MiB at READY, one more 32 MiB buffer every 2 s. */
    String directBufferCache() throws Exception {
        long first = nmtCommitted(nmt(), "Other");
        gap();
        long second = nmtCommitted(nmt(), "Other");
        assertTrue(first >= 256 * MIB, "NMT Other " + first / MIB + " MiB");
        assertTrue(second - first >= 32 * MIB && second <= 16 * 32 * MIB + 16 * MIB, "NMT Other " + first / MIB + " -> " + second / MIB + " MiB");
        return "nmt other " + first / MIB + " -> " + second / MIB + ", rss " + status("VmRSS") / MIB;
    }

    /** NMT Other at about 26 x 12 MiB at READY, in about three blocks per worker, flat: the workers' cached temporary buffers. */
    String directBufferCacheWrites() throws Exception {
        String nmt1 = nmt();
        long first = nmtCommitted(nmt1, "Other"), blocks = group(nmt1, "(?s)-\\s+Other \\(.*?#(\\d+)", "NMT Other blocks");
        gap();
        long second = nmtCommitted(nmt(), "Other"), threads = status("Threads");
        assertTrue(first >= 26 * 12 * MIB && first <= 26 * 12 * MIB + 32 * MIB, "NMT Other " + first / MIB + " MiB");
        assertTrue(Math.abs(second - first) < 16 * MIB, "NMT Other " + first / MIB + " -> " + second / MIB + " MiB: flat once every worker wrote");
        assertTrue(blocks >= 26 && blocks <= 2 * threads + 8, blocks + " blocks for " + threads + " threads");
        return "nmt other " + first / MIB + " -> " + second / MIB + " in " + blocks + " blocks, " + threads + " threads, rss " + status("VmRSS") / MIB;
    }

    /** NMT Other grows by a 4 MiB chunk every 0.3 s (about 14 MB/s), and no old-generation collection runs. */
    String pooledDirectLeak() throws Exception {
        long other1 = nmtCommitted(nmt(), "Other"), old1 = oldCollections();
        gap();
        long other2 = nmtCommitted(nmt(), "Other"), old2 = oldCollections();
        assertTrue(other1 >= 32 * MIB, "NMT Other " + other1 / MIB + " MiB at READY");
        assertTrue(other2 - other1 >= 32 * MIB, "NMT Other " + other1 / MIB + " -> " + other2 / MIB + " MiB in " + GAP_MILLIS + " ms");
        assertEquals(old1, old2, "old-generation collections during the gap");
        return "nmt other " + other1 / MIB + " -> " + other2 / MIB + ", old collections " + old2 + ", rss " + status("VmRSS") / MIB;
    }

    /** G1's old-generation collections (its concurrent cycles and full collections) from PerfCounter.print. */
    private long oldCollections() throws Exception {
        String pc = jcmd("PerfCounter.print");
        long n = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("sun\\.gc\\.collector\\.(\\d+)\\.name=\"([^\"]*)\"").matcher(pc);
        while (m.find()) {
            if (m.group(2).contains("young")) continue;
            n += group(pc, "sun\\.gc\\.collector\\." + m.group(1) + "\\.invocations=(\\d+)", "invocations");
        }
        return n;
    }

    /** The code cache grows while loaded classes do not, far below the 240 MiB reserved: the JIT at work, nothing kept. */
    String shortLivedJit() throws Exception {
        long used1 = codeCacheUsed(), classes1 = loadedClasses();
        gap();
        long used2 = codeCacheUsed(), classes2 = loadedClasses();
        assertTrue(used2 > used1, "code cache used " + used1 / MIB + " -> " + used2 / MIB + " MiB");
        assertTrue(used2 < 0.25 * 240 * MIB, "code cache used " + used2 / MIB + " MiB of 240");
        assertTrue(classes2 - classes1 < 100, "loaded classes " + classes1 + " -> " + classes2);
        return "code cache used " + used1 + " -> " + used2 + " KiB, classes " + classes1 + " -> " + classes2;
    }

    /** Used KiB over every code heap of Compiler.codecache (segmented or not). */
    private long codeCacheUsed() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("size=\\d+Kb,? used=(\\d+)Kb").matcher(jcmd("Compiler.codecache"));
        long used = 0;
        while (m.find()) used += Long.parseLong(m.group(1));
        return used;
    }

    /** glibc's outstanding allocations grow (zlib state never freed) while NMT's committed total does not follow. */
    String nativeLeak() throws Exception {
        long out1 = cHeap(jcmd("VM.info"))[0], nmt1 = RawSignals.nmtTotalCommitted(nmt());
        gap();
        long out2 = cHeap(jcmd("VM.info"))[0], nmt2 = RawSignals.nmtTotalCommitted(nmt());
        assertTrue(out1 >= 128 * MIB, "C-Heap outstanding " + out1 / MIB + " MiB");
        assertTrue(out2 - out1 >= 6 * MIB, "C-Heap outstanding " + out1 / MIB + " -> " + out2 / MIB + " MiB");
        assertTrue(nmt2 - nmt1 < (out2 - out1) / 2, "NMT committed " + nmt1 / MIB + " -> " + nmt2 / MIB + " MiB should not follow");
        return "glibc outstanding " + out1 / MIB + " -> " + out2 / MIB + ", nmt committed " + nmt1 / MIB + " -> " + nmt2 / MIB + ", rss " + status("VmRSS") / MIB;
    }

    /** About 300 MiB freed but retained by glibc, resident: malloc_trim gives it back. */
    String glibcFragmentation() throws Exception {
        long[] glibc = cHeap(jcmd("VM.info"));
        long rss = status("VmRSS");
        assertTrue(glibc[1] >= 256 * MIB && glibc[1] >= 0.25 * (glibc[0] + glibc[1]),
                "glibc retained " + glibc[1] / MIB + " MiB, outstanding " + glibc[0] / MIB + " MiB");
        String trim = jcmd("System.trim_native_heap"); // last: it changes the state
        long freed = group(trim, "\\(-(\\d+)M\\)", "trim result") * MIB;
        assertTrue(freed >= 200 * MIB, trim);
        return "glibc outstanding " + glibc[0] / MIB + " retained " + glibc[1] / MIB + ", rss " + rss / MIB + ", trim gave back " + freed / MIB;
    }

    /** Many 64 MiB-aligned anonymous arena heaps in smaps each holding 16 MiB or more, mostly memory the bursts freed. */
    String glibcArenaBloat() throws Exception {
        long outstanding = cHeap(jcmd("VM.info"))[0];
        long arenaSize = 64L << 20; // glibc's HEAP_MAX_SIZE on 64-bit: arena heaps are mapped at this alignment
        List<RawSignals.Mapping> busy = RawSignals.smaps(pid).stream()
                .filter(m -> m.path().isEmpty() && m.perms().startsWith("rw") && m.start() % arenaSize == 0 && m.size() <= arenaSize)
                .filter(m -> m.rss() >= 16 * MIB).toList();
        long resident = busy.stream().mapToLong(RawSignals.Mapping::rss).sum();
        assertTrue(busy.size() >= 8 && resident >= 192 * MIB, busy.size() + " busy arena heaps, " + resident / MIB + " MiB");
        assertTrue(resident >= 2 * outstanding, "arena heaps hold " + resident / MIB + " MiB, C-Heap outstanding " + outstanding / MIB
                + " MiB: the arenas should hold mostly the bursts' freed memory");
        return "glibc outstanding " + outstanding / MIB + ", " + busy.size() + " arena heaps >= 16 MiB holding " + resident / MIB + ", rss " + status("VmRSS") / MIB;
    }

    /** The 256 MiB file's mapping fully resident, and the bulk of RSS. */
    String mappedFiles() throws Exception {
        long mapped = RawSignals.smaps(pid).stream().filter(m -> m.path().contains("jrss-lab-index-")).mapToLong(RawSignals.Mapping::rss).sum();
        long rss = status("VmRSS");
        assertTrue(mapped >= 250 * MIB, "mapped file Rss " + mapped / MIB + " MiB");
        assertTrue(mapped >= 0.3 * rss, "mapped " + mapped / MIB + " of " + rss / MIB + " MiB RSS");
        return "mapped file rss " + mapped / MIB + " of rss " + rss / MIB + ", rss file " + status("RssFile") / MIB;
    }

    /**
     * One C2 compile's arena, about 1 GiB at its peak and freed since (READY comes after the compile): NMT Compiler's
     * arena and Arena Chunk's malloc peaks, the current figures back down, and the RSS high-water mark (VmHWM) above
     * most of the peak. RSS itself stays higher than before the compile: glibc keeps much of the freed chunks.
     */
    String compilerMemorySpike() throws Exception {
        String nmt = nmt();
        long[] arena = RawSignals.nmtPeak(nmt, "Compiler", "arena"), chunks = RawSignals.nmtPeak(nmt, "Arena Chunk", "malloc");
        long hwm = status("VmHWM"), rss = status("VmRSS");
        assertTrue(arena[1] >= 512 * MIB, "NMT Compiler arena peak " + arena[1] / MIB + " MiB");
        assertTrue(chunks[1] >= 512 * MIB, "NMT Arena Chunk malloc peak " + chunks[1] / MIB + " MiB");
        assertTrue(arena[0] + chunks[0] < 64 * MIB, "NMT Compiler arena " + arena[0] / MIB + " MiB and Arena Chunk " + chunks[0] / MIB
                + " MiB now: the compile should be over at READY");
        assertTrue(hwm >= 0.75 * arena[1], "VmHWM " + hwm / MIB + " MiB for a " + arena[1] / MIB + " MiB arena peak");
        return "nmt compiler arena " + arena[0] / MIB + " (peak " + arena[1] / MIB + "), arena chunk " + chunks[0] / MIB + " (peak "
                + chunks[1] / MIB + "), VmHWM " + hwm / MIB + ", rss " + rss / MIB;
    }

    /** The ZGC heap as shared memory: memfd:java_heap mapped three times on JDK 17, RSS over the views above committed. */
    String zgcSharedMemory() throws Exception {
        List<RawSignals.Mapping> heap = RawSignals.smaps(pid).stream().filter(m -> m.path().contains("memfd:java_heap")).toList();
        long heapRss = heap.stream().mapToLong(RawSignals.Mapping::rss).sum();
        long committed = nmtCommitted(nmt(), "Java Heap"), shmem = status("RssShmem");
        assertEquals(3, heap.size(), "memfd:java_heap mappings (JDK 17 ZGC: marked0, marked1, remapped)");
        assertTrue(shmem >= 256 * MIB, "RssShmem " + shmem / MIB + " MiB");
        assertTrue(heapRss >= 1.5 * committed, "heap mappings' Rss " + heapRss / MIB + " MiB vs committed " + committed / MIB + " MiB");
        return heap.size() + " memfd:java_heap mappings with rss " + heapRss / MIB + ", nmt heap committed " + committed / MIB
                + ", rss shmem " + shmem / MIB + ", rss " + status("VmRSS") / MIB;
    }

    /** The cgroup's cpu.stat, twice: at least 20 periods between the readings, at least 5% of them throttled. */
    String cpuThrottling() throws Exception {
        Path cg = RawSignals.cgroupDir(pid, "cpu");
        assertEquals(20_000, RawSignals.cgroupValue(cg.resolve("cpu.cfs_quota_us")), "cpu.cfs_quota_us of " + cg);
        long periods1 = RawSignals.cgroupStat(cg.resolve("cpu.stat"), "nr_periods"), throttled1 = RawSignals.cgroupStat(cg.resolve("cpu.stat"), "nr_throttled");
        gap();
        long periods2 = RawSignals.cgroupStat(cg.resolve("cpu.stat"), "nr_periods"), throttled2 = RawSignals.cgroupStat(cg.resolve("cpu.stat"), "nr_throttled");
        long periods = periods2 - periods1, throttled = throttled2 - throttled1;
        assertTrue(periods >= 20, periods + " periods in " + GAP_MILLIS + " ms");
        assertTrue(throttled >= 0.05 * periods, throttled + " of " + periods + " periods throttled");
        return "throttled " + throttled + " of " + periods + " periods (" + Math.round(100.0 * throttled / periods) + "%), total "
                + throttled2 + " of " + periods2 + " since the start";
    }

    /** RSS at 70% or more of the 384 MiB cgroup limit, below the limit, with a 1 GiB max heap. */
    String containerLimitRisk() throws Exception {
        Path cg = RawSignals.cgroupDir(pid, "memory");
        long limit = RawSignals.cgroupValue(cg.resolve("memory.limit_in_bytes")) / 1024;
        long rss = status("VmRSS"), usage = RawSignals.cgroupValue(cg.resolve("memory.usage_in_bytes")) / 1024;
        long maxHeap = group(jcmd("VM.flags"), "-XX:MaxHeapSize=(\\d+)", "MaxHeapSize") / 1024;
        assertEquals(384 * MIB, limit, "memory.limit_in_bytes of " + cg + " in KiB");
        assertTrue(rss >= 0.70 * limit && rss < limit, "RSS " + rss / MIB + " MiB of a " + limit / MIB + " MiB limit");
        assertTrue(maxHeap > limit, "MaxHeapSize " + maxHeap / MIB + " MiB");
        return "rss " + rss / MIB + " of limit " + limit / MIB + " (" + Math.round(100.0 * rss / limit) + "%), cgroup usage " + usage / MIB
                + ", MaxHeapSize " + maxHeap / MIB;
    }
}
