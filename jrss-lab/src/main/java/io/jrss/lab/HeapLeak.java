// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a cache that is never evicted. It keeps 64 MiB of 256 KiB arrays at once, then keeps one more
 * 256 KiB array every 100 ms (2.5 MiB/s) until 448 MiB are held (7/8 of -Xmx512m, reached after about 150 s), and
 * holds them from then on. Meanwhile it makes 32 MiB/s of short-lived garbage, so young GCs promote the leak into
 * the old generation and the live heap after each GC climbs.
 *
 * What you should see: the heap used after a full GC ({@code jcmd <pid> GC.run} then {@code GC.heap_info}) about
 * 70 MiB at READY and +10 MiB over 4 s (JDK 17.0.15); RSS following it. jrss watch: heap-leak.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx512m -cp jrss-lab/target/classes io.jrss.lab.HeapLeak}
 * It prints READY once the first 64 MiB are kept, and keeps leaking slowly until 448 MiB.
 */
public final class HeapLeak {
    static final int ARRAY_BYTES = 256 << 10; // not humongous: it ages through the young generation like real data
    static final int START_MIB = 64;
    static final int CAP_MIB = 448; // 7/8 of the 512 MiB heap: nearly full, never an OutOfMemoryError
    static final long LEAK_EVERY_MILLIS = 100; // 256 KiB per 100 ms = 2.5 MiB/s
    static final int GARBAGE_PER_LEAK = 12; // 12 x 256 KiB of garbage per 100 ms = 30 MiB/s: young GCs keep running

    static final List<byte[]> LEAKED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int perMib = (1 << 20) / ARRAY_BYTES;
        while (LEAKED.size() < START_MIB * perMib) LEAKED.add(touched());
        Ready.now();
        long sink = 0;
        while (true) {
            if (LEAKED.size() < CAP_MIB * perMib) LEAKED.add(touched());
            for (int i = 0; i < GARBAGE_PER_LEAK; i++) sink += touched()[i];
            Thread.sleep(LEAK_EVERY_MILLIS);
            if (sink == 42) System.out.print("");
        }
    }

    static byte[] touched() {
        byte[] b = new byte[ARRAY_BYTES];
        for (int i = 0; i < b.length; i += 4096) b[i] = 1;
        return b;
    }
}
