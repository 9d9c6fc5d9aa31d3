// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What it does: a reported starved service. Four request threads allocate and drop 64 KiB arrays as fast as they
 * can while keeping 32 MiB live, so young GCs never stop, in a cpu cgroup with a 0.2 CPU quota
 * (cpu.cfs_quota_us=20000 per 100 ms period; the lab runner creates it). The JVM sized itself for 2 CPUs: its
 * request threads, GC workers and compiler threads together want far more than 20 ms of CPU per 100 ms, so the
 * kernel throttles the whole cgroup in almost every period.
 *
 * What you should see: the cgroup's cpu.stat with nr_throttled / nr_periods at 98 to 100% and throttled_time
 * growing about 1,200 ms per second (summed over the run queues of the 2 CPUs); GC pauses much longer than the same work takes unthrottled.
 * jrss: cpu-throttling.
 *
 * Run with: {@code jrss lab run cpu-throttling}, or by hand in a cgroup with a quota:
 * {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.CpuThrottling}
 * It prints READY after 10 young GCs (1.5 to 1.8 s after the start) and keeps working until killed.
 */
public final class CpuThrottling {
    static final int THREADS = 4; // twice the CPUs the JVM sees: always runnable work
    static final int LIVE_MIB_PER_THREAD = 8;
    static final int ARRAY_BYTES = 64 << 10;
    static final int READY_GCS = 10;

    public static void main(String[] args) throws Exception {
        for (int t = 0; t < THREADS; t++) {
            Thread worker = new Thread(CpuThrottling::work, "request-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        while (gcs() < READY_GCS) Thread.sleep(50);
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    static void work() {
        byte[][] live = new byte[LIVE_MIB_PER_THREAD * (1 << 20) / ARRAY_BYTES][];
        long sink = 0;
        for (long i = 0; ; i++) {
            int slot = (int) (i % live.length);
            live[slot] = new byte[ARRAY_BYTES];
            for (int p = 0; p < ARRAY_BYTES; p += 512) live[slot][p] = (byte) i; // CPU work as well as allocation
            sink += live[slot][0];
            if (sink == 42) System.out.print("");
        }
    }

    static long gcs() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
