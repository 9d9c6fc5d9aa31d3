// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a cache that is never evicted. It keeps 64 MiB of 256 KiB arrays at once, then keeps one more
 * 256 KiB array every 128 ms of wall-clock time (2 MiB/s; on a busy machine late ones are made up at once) until
 * 176 MiB are held (about 70% of -Xmx256m, reached after about 56 s), and holds them from then on. Meanwhile it
 * makes 32 MiB/s of short-lived garbage, so young GCs promote the leak into the old generation.
 * -XX:InitiatingHeapOccupancyPercent=25 has G1 start its concurrent cycles at 64 MiB of old generation instead of
 * 115 MiB, and -XX:-G1UseAdaptiveIHOP keeps it there: adaptive IHOP moved the threshold up after the first cycles,
 * which spaced them 4 to 10 s apart, so a 25 s watch saw 3 or 4 (7 without it, JDK 17.0.15). A minute then shows
 * what survives many of them: the live set, climbing. A real leak climbs for hours past the default threshold; this
 * one is compressed into the lab's minute.
 *
 * What you should see: the heap used after a full GC ({@code jcmd <pid> GC.run} then {@code GC.heap_info}) about
 * 70 MiB at READY and +8 MiB over 4 s (JDK 17.0.15); G1 concurrent cycles from the first seconds (collector 2 in
 * jcmd PerfCounter.print); RSS following the heap. jrss watch or run: heap-leak, once four old-generation
 * collections have shown the live set rising.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -XX:InitiatingHeapOccupancyPercent=25 -XX:-G1UseAdaptiveIHOP -cp jrss-lab/target/classes io.jrss.lab.HeapLeak}
 * It prints READY once the first 64 MiB are kept, and keeps leaking until 176 MiB.
 */
public final class HeapLeak {
    static final int ARRAY_BYTES = 256 << 10; // not humongous: it ages through the young generation like real data
    static final int START_MIB = 64;
    static final int CAP_MIB = 176; // about 70% of the 256 MiB heap: G1 keeps room to copy into; never an OutOfMemoryError
    static final long LEAK_EVERY_MILLIS = 128; // 256 KiB per 128 ms = 2 MiB/s: still leaking at the end of a minute
    static final int GARBAGE_PER_LEAK = 16; // 16 x 256 KiB of garbage per 128 ms = 32 MiB/s: young GCs keep running

    static final List<byte[]> LEAKED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int perMib = (1 << 20) / ARRAY_BYTES;
        while (LEAKED.size() < START_MIB * perMib) LEAKED.add(touched());
        Ready.now();
        long start = System.nanoTime(), ticks = 0, sink = 0;
        while (true) {
            // Paced by the clock, not by sleeps: on a busy machine a late tick is made up at once, so the leak keeps its 2 MiB/s.
            for (long due = (System.nanoTime() - start) / (LEAK_EVERY_MILLIS * 1_000_000); ticks < due; ticks++) {
                if (LEAKED.size() < CAP_MIB * perMib) LEAKED.add(touched());
                for (int i = 0; i < GARBAGE_PER_LEAK; i++) sink += touched()[i];
            }
            Thread.sleep(LEAK_EVERY_MILLIS / 4);
            if (sink == 42) System.out.print("");
        }
    }

    static byte[] touched() {
        byte[] b = new byte[ARRAY_BYTES];
        for (int i = 0; i < b.length; i += 4096) b[i] = 1;
        return b;
    }
}
