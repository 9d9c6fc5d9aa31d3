// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import java.util.zip.Deflater;

/**
 * What it does: a reported pool of worker threads that each allocate natively. 64 threads each create 30 zlib
 * {@link Deflater}s (about 270 KiB of malloc'd state each, every buffer written: 8 MiB per thread) and keep them while
 * they stay parked. glibc gives each thread that allocates an arena of its own, up to 8 x cores (16 on 2 cores), so
 * the threads share the 16 arenas 4 to a arena: about 32 MiB resident in each 64 MiB arena heap.
 *
 * What you should see: jcmd VM.info "C-Heap outstanding allocations" about 510 MiB; in /proc/<pid>/smaps 15
 * anonymous mappings at 64 MiB-aligned addresses (arena heaps) holding 16 MiB or more, about 465 MiB in all; RSS
 * about 645 MiB (JDK 17.0.15, glibc 2.36). With MALLOC_ARENA_MAX=2 the same memory sits in the main arena and one
 * other (4 heaps of 64 MiB): RSS is the same here, as nothing is freed; the arenas only multiply what is kept. jrss: glibc-arena-bloat.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.GlibcArenaBloat}
 * It prints READY once every thread holds its deflaters and keeps them until killed.
 */
public final class GlibcArenaBloat {
    static final int THREADS = 64; // 4 x the arena limit of 2 cores: every arena gets used
    static final int DEFLATERS_PER_THREAD = 30; // 30 x ~270 KiB = 8 MiB per thread, 512 MiB in all

    public static void main(String[] args) throws Exception {
        byte[] input = new byte[128 << 10];
        new Random(1).nextBytes(input);
        CountDownLatch holding = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            Thread worker = new Thread(() -> {
                List<Deflater> mine = new ArrayList<>();
                for (int i = 0; i < DEFLATERS_PER_THREAD; i++) mine.add(GlibcFragmentation.touched(input));
                holding.countDown();
                while (mine.size() > 0) LockSupport.park(); // holds them for as long as it lives
            }, "native-worker-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        holding.await();
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }
}
