// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a batch burst. Starting from -Xms64m, it holds 640 MiB of 4 MiB arrays for 2 seconds (a report
 * built in memory), drops them, and from then on runs a light steady load: 8 MiB live, 1 MiB/s of garbage (a minute of it stays far below what the burst took). The
 * arrays are humongous for G1, so the young GC right after the drop reclaims them eagerly and the heap in use
 * falls to a few MiB; JDK 17's G1 shrinks the heap only at a full GC or at the remark of a concurrent cycle, and
 * neither runs again, so the committed heap is never given back (there is no periodic GC: G1PeriodicGCInterval=0).
 *
 * What you should see: {@code jcmd <pid> GC.heap_info} with 1024 MiB committed (all of -Xmx) and 11 MiB used
 * right after READY, RSS 870 to 930 MiB (JDK 17.0.15). jrss watch: heap-overcommitted.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xms64m -Xmx1g -XX:+UseG1GC -cp jrss-lab/target/classes io.jrss.lab.HeapOvercommitted}
 * It prints READY once the burst is over and its memory freed, and keeps the light load until killed.
 */
public final class HeapOvercommitted {
    static final int BURST_MIB = 640;
    static final int ARRAY_BYTES = 4 << 20; // humongous with 1 MiB regions: eagerly reclaimed at the next young GC
    static final long HOLD_MILLIS = 2_000;
    static final int STEADY_LIVE_ARRAYS = 128; // 128 x 64 KiB = 8 MiB live after the burst
    static final int STEADY_ARRAY_BYTES = 64 << 10;

    public static void main(String[] args) throws Exception {
        List<byte[]> burst = new ArrayList<>();
        for (int i = 0; i < BURST_MIB / (ARRAY_BYTES >> 20); i++) burst.add(touched(ARRAY_BYTES));
        Thread.sleep(HOLD_MILLIS);
        burst.clear();
        byte[][] live = new byte[STEADY_LIVE_ARRAYS][];
        long sink = 0;
        long gcs = youngGcs();
        for (int i = 0; youngGcs() < gcs + 2; i++) live[i % live.length] = touched(STEADY_ARRAY_BYTES); // the burst reclaimed
        Ready.now();
        for (long i = 0; ; i++) {
            live[(int) (i % live.length)] = touched(STEADY_ARRAY_BYTES); // 64 KiB per 64 ms = 1 MiB/s
            sink += live[(int) (i % live.length)][0];
            Thread.sleep(64);
            if (sink == 42) System.out.print("");
        }
    }

    static long youngGcs() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().filter(b -> b.getName().contains("Young"))
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    static byte[] touched(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < b.length; i += 4096) b[i] = 1;
        return b;
    }
}
