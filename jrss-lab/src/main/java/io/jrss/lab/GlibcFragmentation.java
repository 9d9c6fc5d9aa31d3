// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.zip.Deflater;

/**
 * What it does: the two-wave C program of LinkedIn's Venice write-up, through the JDK's zlib. Each of 4 threads creates zlib
 * {@link Deflater}s A and B alternately (about 270 KiB of malloc'd state each, every buffer written), 300 of each,
 * then ends every A and keeps every B. The freed A blocks sit between live B blocks in the same malloc arenas, so
 * glibc can neither give them back to the OS (only the top of an arena is trimmed) nor merge them into anything
 * larger: about 320 MiB freed but resident, next to about 320 MiB in use. Nothing more happens after READY.
 *
 * What you should see: jcmd VM.info "C-Heap outstanding allocations" about 320 MiB and "retained" about
 * 310 MiB, RSS 730 to 750 MiB with a 128 MiB heap, and {@code jcmd <pid> System.trim_native_heap} giving back about
 * 302 MiB (JDK 17.0.15, glibc 2.36).
 * jrss: glibc-fragmentation.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx128m -cp jrss-lab/target/classes io.jrss.lab.GlibcFragmentation}
 * It prints READY once the A wave is freed and keeps the B wave until killed.
 */
public final class GlibcFragmentation {
    static final int THREADS = 4; // 4 threads: 4 arenas besides main, as a small service has
    static final int PAIRS_PER_THREAD = 300; // 4 x 300 x 2 deflaters of ~270 KiB each: ~640 MiB allocated, half freed

    static final List<Object> SURVIVORS = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        byte[] input = new byte[128 << 10];
        new Random(3).nextBytes(input);
        twoWaves(input, THREADS, PAIRS_PER_THREAD, SURVIVORS);
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    /**
     * Seed 003's pattern from {@code threads} threads: each creates deflaters A and B alternately, then ends every A.
     * The freed A blocks sit between live B blocks, so glibc cannot return them. The B waves go to {@code survivors}.
     */
    static void twoWaves(byte[] input, int threads, int pairsPerThread, List<Object> survivors) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                List<Deflater> a = new ArrayList<>(), b = new ArrayList<>();
                for (int i = 0; i < pairsPerThread; i++) {
                    a.add(touched(input));
                    b.add(touched(input));
                }
                a.forEach(Deflater::end); // wave A freed, wave B survives between the holes
                synchronized (survivors) { survivors.add(b); }
                done.countDown();
            }, "two-wave-" + t);
            worker.start();
        }
        done.await();
    }

    /** A deflater whose window, hash chains and pending buffer have all been written to. */
    static Deflater touched(byte[] input) {
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        d.setInput(input);
        byte[] out = new byte[64 << 10];
        while (d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH) == out.length) { /* drain */ }
        return d;
    }
}
