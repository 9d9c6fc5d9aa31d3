// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What it does: the control, a steady service. It builds a 32 MiB read-only cache (512 entries of 64 KiB) once, then
 * two worker threads serve "requests": every 4 ms each copies a random entry into a fresh 64 KiB array, checksums
 * it and drops it. That is 32 MiB/s of garbage that dies young, so young GCs run every few seconds while the live
 * heap, the thread count, the classes and the native memory all stay flat. The heap is fixed and pre-touched
 * (-Xms128m -Xmx128m -XX:+AlwaysPreTouch), so RSS is flat from the start rather than climbing as G1 first touches
 * its regions (docs/pitfalls.md 7).
 *
 * What you should see: RSS about 181 MiB and flat (180.5 to 180.9 MiB over 24 s on JDK 17.0.15); NMT Java Heap committed 128 MiB, 2 workers among 23
 * threads, glibc C-Heap outstanding 11 MiB and retained 2 MiB. No finding may fire: every threshold (64 MiB of glibc
 * free memory, 8 busy arenas, 64 MiB of mappings, a container limit) is far away.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xms128m -Xmx128m -XX:+AlwaysPreTouch -cp jrss-lab/target/classes io.jrss.lab.Healthy}
 * It prints READY after its first 3 seconds of steady work and keeps working until killed.
 */
public final class Healthy {
    static final int WORKERS = 2;
    static final int ENTRIES = 512, ENTRY_BYTES = 64 << 10; // 32 MiB of cache; 64 KiB is an ordinary young object for G1
    static final long PAUSE_MILLIS = 4; // one 64 KiB request per 4 ms per worker: 16 MiB/s each
    static final long WARM_UP_MILLIS = 3_000; // the first young GCs have run by then

    static final byte[][] CACHE = new byte[ENTRIES][];

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < ENTRIES; i++) {
            CACHE[i] = new byte[ENTRY_BYTES];
            Arrays.fill(CACHE[i], (byte) i);
        }
        for (int w = 0; w < WORKERS; w++) {
            Thread t = new Thread(Healthy::serve, "healthy-worker-" + w);
            t.setDaemon(true);
            t.start();
        }
        Thread.sleep(WARM_UP_MILLIS);
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    static void serve() {
        long checksum = 0;
        while (true) {
            byte[] entry = CACHE[ThreadLocalRandom.current().nextInt(ENTRIES)];
            byte[] response = Arrays.copyOf(entry, entry.length); // the request's garbage
            for (int i = 0; i < response.length; i += 4096) checksum += response[i];
            try { Thread.sleep(PAUSE_MILLIS); } catch (InterruptedException e) { return; }
            if (checksum == 42) System.out.print(""); // keeps the work observable to the JIT
        }
    }
}
