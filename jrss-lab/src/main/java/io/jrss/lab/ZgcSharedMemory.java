// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What it does: a ZGC service with a 128 MiB live set (a table of 64 KiB arrays) that replaces its entries as fast as it
 * can until ZGC has run 20 cycles and its heap has grown to -Xmx512m, then at 40 MiB/s. On JDK 17 (single
 * generation ZGC) the heap is a {@code memfd:java_heap} file mapped three times (the marked0, marked1 and remapped
 * views of colored pointers): it is shared memory (RssShmem, not RssAnon), and summing RSS over the mappings counts
 * each heap page once per view it was touched through. JDK 21+ generational ZGC maps it once.
 *
 * What you should see (JDK 17): RssShmem in /proc/<pid>/status about 1.3 GiB; in smaps three /memfd:java_heap
 * mappings with Rss 1,150 to 1,380 MiB in all (Pss 497 MiB) against NMT Java Heap committed 512 MiB. jrss: zgc-shared-memory.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -XX:+UseZGC -Xmx512m -cp jrss-lab/target/classes io.jrss.lab.ZgcSharedMemory}
 * It prints READY after 20 ZGC cycles and keeps churning (more slowly) until killed.
 */
public final class ZgcSharedMemory {
    static final int LIVE_MIB = 128;
    static final int ARRAY_BYTES = 64 << 10;
    static final int READY_CYCLES = 20; // the multi-mapped RSS builds up over cycles (docs/pitfalls.md 8)

    public static void main(String[] args) throws Exception {
        byte[][] table = new byte[LIVE_MIB * (1 << 20) / ARRAY_BYTES][];
        long sink = 0;
        boolean ready = false;
        for (long i = 0; ; i++) {
            int slot = (int) (i % table.length);
            table[slot] = new byte[ARRAY_BYTES];
            for (int p = 0; p < ARRAY_BYTES; p += 4096) table[slot][p] = (byte) i;
            sink += table[slot][0];
            if (i % 64 == 0) { // every 4 MiB
                if (!ready && zgcCycles() >= READY_CYCLES) {
                    ready = true;
                    Ready.now();
                }
                if (ready) Thread.sleep(100); // 4 MiB per 100 ms after READY: 40 MiB/s, a steady, lighter load
            }
            if (sink == 42) System.out.print("");
        }
    }

    static long zgcCycles() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().filter(b -> b.getName().contains("Cycles"))
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
