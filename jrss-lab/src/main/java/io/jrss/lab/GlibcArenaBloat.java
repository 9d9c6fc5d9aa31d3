// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.zip.Deflater;

/**
 * What it does: a pool of 64 worker threads that compress in bursts, as a service's request threads do. A burst
 * creates 60 zlib {@link Deflater}s (about 270 KiB of malloc'd state each, every buffer written: 16 MiB), keeps one
 * more that outlives it, then ends the 60. At most 4 bursts run at once. glibc gives each thread that allocates an
 * arena of its own, up to 8 x cores (16 on 2 cores): every arena grows to the 16 MiB of the bursts it served, and
 * the deflater kept after each burst sits above the freed space, so the arena cannot shrink. Each thread bursts
 * twice before READY and then again every 3 to 9 s: the arenas stay at their peak.
 *
 * What you should see: in /proc/<pid>/smaps about 16 anonymous mappings at 64 MiB-aligned addresses (arena heaps)
 * holding 16 MiB or more each, together far more than jcmd VM.info's "C-Heap outstanding allocations" (what the
 * bursts in flight and the 128 kept deflaters hold): RSS about 500 MiB (JDK 17.0.15, glibc 2.36, 2 cores). With
 * MALLOC_ARENA_MAX=2 the bursts reuse the same two arenas' space: about 320 MiB; mimalloc, which keeps a heap per
 * thread, about 1.2 GiB. jrss: glibc-arena-bloat; jrss compare: arena2 best, mimalloc worst.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.GlibcArenaBloat}
 * It prints READY once every thread has burst twice, and keeps bursting until killed.
 */
public final class GlibcArenaBloat {
    static final int THREADS = 64; // 4 x the arena limit of 2 cores: every arena gets used
    static final int BURST = 60; // 60 x ~270 KiB = 16 MiB freed again at the end of each burst
    static final int BURSTS_BEFORE_READY = 2; // each burst leaves one deflater behind: 128 kept, about 34 MiB
    static final int AT_ONCE = 4; // bursts in flight at a time, so the pool's peak is 4 bursts, not 64
    static final int PAUSE_MILLIS = 3_000, PAUSE_JITTER_MILLIS = 6_000; // between one thread's bursts after READY

    public static void main(String[] args) throws Exception {
        byte[] input = new byte[64 << 10]; // 64 KiB fill a deflater's window, hash chains and pending buffer, at half the CPU of 128
        new Random(1).nextBytes(input);
        Semaphore slots = new Semaphore(AT_ONCE);
        CountDownLatch warmed = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            int seed = t;
            Thread worker = new Thread(() -> {
                List<Deflater> kept = new ArrayList<>();
                Random pause = new Random(seed);
                try {
                    for (int b = 0; b < BURSTS_BEFORE_READY; b++) burst(input, slots, kept);
                    warmed.countDown();
                    while (true) {
                        Thread.sleep(PAUSE_MILLIS + pause.nextInt(PAUSE_JITTER_MILLIS));
                        burst(input, slots, null);
                    }
                } catch (InterruptedException e) {
                    kept.forEach(Deflater::end);
                }
            }, "native-worker-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        warmed.await();
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }

    /** One burst: {@link #BURST} deflaters made and ended, and one more made after them and kept in {@code kept}. */
    static void burst(byte[] input, Semaphore slots, List<Deflater> kept) throws InterruptedException {
        slots.acquire();
        try {
            List<Deflater> burst = new ArrayList<>(BURST);
            for (int i = 0; i < BURST; i++) burst.add(GlibcFragmentation.touched(input));
            if (kept != null) kept.add(GlibcFragmentation.touched(input));
            burst.forEach(Deflater::end);
        } finally {
            slots.release();
        }
    }
}
