// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a cache filled once and then left cold, in a container too small for it. Inside a 384 MiB memory
 * cgroup with memory.swappiness 100 on a host with swap (the lab runner creates the cgroup and, when the host has no
 * swap, a 1 GiB swap file), it fills its heap with 512 MiB of 1 MiB arrays (each exactly one G1 region, every page
 * written). The kernel cannot keep 512 MiB resident under a 384 MiB limit, so it swaps out the coldest pages, the
 * arrays written first. Nothing reads them again and nothing allocates, so no GC brings them back: they stay in swap.
 *
 * What you should see (2026-11-23, a 1 GiB swap file added by the runner): JDK 17.0.15 VmSwap in /proc/<pid>/status
 * 201 to 206 MiB, memory.stat swap 173 to 177 MiB, memory.usage_in_bytes 383 MiB of the 384 MiB limit, VmRSS about
 * 378 MiB; JDK 25.0.3 VmSwap 167 MiB, memory.stat swap 143 MiB, VmRSS 397 MiB. jrss: swap-in-use, and
 * container-limit-risk (the process fills its limit).
 *
 * Run with: {@code jrss lab run swap-in-use}, or by hand in a memory cgroup with swap:
 * {@code java -XX:NativeMemoryTracking=summary -Xmx768m -cp jrss-lab/target/classes io.jrss.lab.SwapInUse}
 * It prints READY once the cache is full and VmSwap has reached 64 MiB (at most 20 s later), and holds it until killed.
 */
public final class SwapInUse {
    static final int CACHE_MIB = 512;
    static final int ARRAY_BYTES = (1 << 20) - 16; // with its header exactly one 1 MiB region
    static final long MIN_SWAP_KIB = 64 << 10;

    static final List<byte[]> CACHE = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        long limit = LabCgroup.ownMemoryLimit(); // once the runner has moved us in
        System.out.println(limit > 0 ? "memory limit " + (limit >> 20) + " MiB" : "no memory cgroup limit: nothing will be swapped out");
        for (int i = 0; i < CACHE_MIB; i++) {
            byte[] b = new byte[ARRAY_BYTES];
            for (int p = 0; p < b.length; p += 4096) b[p] = 1;
            CACHE.add(b);
        }
        for (int i = 0; i < 200 && status("VmSwap") < MIN_SWAP_KIB; i++) Thread.sleep(100);
        System.out.println("VmSwap " + (status("VmSwap") >> 10) + " MiB, VmRSS " + (status("VmRSS") >> 10) + " MiB");
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    /** A KiB field of /proc/self/status. */
    static long status(String field) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field + ":")) return Long.parseLong(line.replaceAll("\\D", ""));
        }
        return 0;
    }
}
