// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

import static io.jrss.it.lab.RawSignals.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checks of the scenarios whose signal is the kernel's: page cache in a memory cgroup, transparent huge pages,
 * swap. Read from /proc, /sys/kernel/mm and the cgroup v1 files (memory.stat is in bytes, the rest in KiB), plus NMT
 * where the JVM has a say. Each returns what it measured (MiB unless named otherwise) for the log.
 */
final class KernelChecks {
    private final Path jdk;
    private final long pid;

    KernelChecks(Path jdk, long pid) { this.jdk = jdk; this.pid = pid; }

    private long status(String field) throws IOException { return RawSignals.status(pid, field); }

    /** The cgroup's usage at its 384 MiB limit, 60% or more of it page cache, the JVM small. */
    String pageCacheInUsage() throws Exception {
        Path cg = RawSignals.cgroupDir(pid, "memory");
        long limit = RawSignals.cgroupValue(cg.resolve("memory.limit_in_bytes")) >> 10, usage = RawSignals.cgroupValue(cg.resolve("memory.usage_in_bytes")) >> 10;
        long cache = RawSignals.cgroupStat(cg.resolve("memory.stat"), "cache") >> 10, anon = RawSignals.cgroupStat(cg.resolve("memory.stat"), "rss") >> 10;
        long rss = status("VmRSS");
        assertEquals(384 * MIB, limit, "memory.limit_in_bytes of " + cg + " in KiB");
        assertTrue(cache >= 0.6 * usage && cache >= 256 * MIB, "memory.stat cache " + cache / MIB + " MiB of usage " + usage / MIB + " MiB");
        assertTrue(rss < 128 * MIB, "VmRSS " + rss / MIB + " MiB: the JVM itself should stay small");
        return "cgroup usage " + usage / MIB + " of limit " + limit / MIB + ", memory.stat cache " + cache / MIB + " (" + Math.round(100.0 * cache / usage)
                + "% of usage), rss " + anon / MIB + "; VmRSS " + rss / MIB;
    }

    /** AnonHugePages of 256 MiB or more, most of RSS, for 256 written slots (1 MiB of 4 KiB pages without THP). */
    String thpBloat() throws Exception {
        long huge = RawSignals.smapsRollup(pid, "AnonHugePages"), rss = RawSignals.smapsRollup(pid, "Rss");
        long other = RawSignals.nmtCommitted(RawSignals.jcmd(jdk, pid, "VM.native_memory", "summary"), "Other");
        String tunables = RawSignals.environ(pid, "GLIBC_TUNABLES"), mode = RawSignals.thpMode();
        assertEquals("glibc.malloc.hugetlb=1", tunables, "GLIBC_TUNABLES in /proc/" + pid + "/environ");
        assertTrue(huge >= 256 * MIB && huge >= 0.6 * rss, "AnonHugePages " + huge / MIB + " MiB of Rss " + rss / MIB + " MiB (THP mode " + mode + ")");
        assertTrue(other >= 512 * MIB, "NMT Other " + other / MIB + " MiB: the 512 MiB table is malloc'd through Unsafe");
        return "AnonHugePages " + huge / MIB + " of Rss " + rss / MIB + " (" + Math.round(100.0 * huge / rss) + "%), " + huge / 1024
                + " x the 1 MiB of 4 KiB pages written; nmt other " + other / MIB + "; THP mode " + mode + ", GLIBC_TUNABLES=" + tunables;
    }

    /** VmSwap of 64 MiB or more, in a 384 MiB cgroup with swappiness 100, on a host with swap. */
    String swapInUse() throws Exception {
        Path cg = RawSignals.cgroupDir(pid, "memory");
        long swap = status("VmSwap"), rss = status("VmRSS");
        long limit = RawSignals.cgroupValue(cg.resolve("memory.limit_in_bytes")) >> 10, usage = RawSignals.cgroupValue(cg.resolve("memory.usage_in_bytes")) >> 10;
        long swappiness = RawSignals.cgroupValue(cg.resolve("memory.swappiness"));
        boolean accounted = Files.readString(cg.resolve("memory.stat")).contains("\nswap ");
        long charged = accounted ? RawSignals.cgroupStat(cg.resolve("memory.stat"), "swap") >> 10 : -1;
        int swaps = Files.readAllLines(Path.of("/proc/swaps")).size() - 1;
        assertEquals(384 * MIB, limit, "memory.limit_in_bytes of " + cg + " in KiB");
        assertEquals(100, swappiness, "memory.swappiness of " + cg);
        assertTrue(swaps >= 1, "/proc/swaps lists no swap area");
        assertTrue(swap >= 64 * MIB, "VmSwap " + swap / MIB + " MiB");
        return "VmSwap " + swap / MIB + ", VmRSS " + rss / MIB + ", memory.stat swap " + (accounted ? charged / MIB : "(no swap accounting)")
                + ", cgroup usage " + usage / MIB + " of limit " + limit / MIB + ", swappiness " + swappiness + ", " + swaps + " swap area(s)";
    }
}
