// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;

/**
 * What it does: a reported JDK 21 upload handler. Request threads each read a whole 32 MiB file with
 * {@code Files.newInputStream(path).readAllBytes()}. On JDK 18+ that stream is channel-backed and reads the file in
 * one call, through a temporary direct buffer as large as the file, which sun.nio.ch.Util caches per thread and
 * keeps while the thread lives (no limit: jdk.nio.maxCachedBufferSize is unset). The heap arrays are dropped at
 * once; the 32 MiB direct buffers stay. 8 threads read at first, then one more every 2 s up to 16 (512 MiB).
 * At most 4 reads run at once, so the 32 MiB heap arrays fit in -Xmx256m. On JDK 17 readAllBytes reads 8 KiB
 * chunks and nothing is kept.
 *
 * What you should see (JDK 25): NMT Other committed about 257 MiB at READY (RSS 440 MiB), +32 MiB
 * every 2 s up to 513 MiB (RSS 690 MiB); the "direct" BufferPoolMXBean does not count them (JDK-8344882). jrss: direct-buffer-cache.
 *
 * Up to JDK 23 the temporary buffers count toward MaxDirectMemorySize (JDK-8344882 took them out in 24), whose default
 * is the max heap: 8 x 32 MiB would hit 256 MiB and fail with "Cannot reserve 33554432 bytes of direct buffer memory",
 * hence -XX:MaxDirectMemorySize=1g. A request that fails ends the program with status 1 rather than never READY.
 *
 * Run with (JDK 18+): {@code java -XX:NativeMemoryTracking=summary -Xmx256m -XX:MaxDirectMemorySize=1g -cp jrss-lab/target/classes io.jrss.lab.DirectBufferCache}
 * It prints READY once 8 threads have read their file, adds the other 8, and keeps all 16 threads alive until killed.
 */
public final class DirectBufferCache {
    static final int FILE_MIB = 32;
    static final int START_THREADS = 8, CAP_THREADS = 16; // 16 x 32 MiB = 512 MiB cached
    static final long ONE_THREAD_EVERY_MILLIS = 2_000;
    static final Semaphore CONCURRENT_READS = new Semaphore(4); // 4 x 32 MiB heap arrays at most

    public static void main(String[] args) throws Exception {
        Path file = Files.createTempFile("jrss-lab-upload-", ".bin");
        file.toFile().deleteOnExit();
        byte[] chunk = new byte[1 << 20];
        new Random(4).nextBytes(chunk);
        try (var out = Files.newOutputStream(file)) {
            for (int i = 0; i < FILE_MIB; i++) out.write(chunk);
        }
        CountDownLatch firstReads = new CountDownLatch(START_THREADS);
        for (int i = 0; i < START_THREADS; i++) request(i, file, firstReads);
        firstReads.await();
        Ready.now();
        for (int i = START_THREADS; i < CAP_THREADS; i++) {
            Thread.sleep(ONE_THREAD_EVERY_MILLIS);
            request(i, file, null);
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    /** A request thread: one upload read, then it stays in the pool (parked), as a server's worker does. */
    static void request(int n, Path file, CountDownLatch done) {
        Thread t = new Thread(() -> {
            try {
                CONCURRENT_READS.acquire();
                try (InputStream in = Files.newInputStream(file)) {
                    if (in.readAllBytes().length != FILE_MIB << 20) throw new IOException("short read");
                } finally {
                    CONCURRENT_READS.release();
                }
                if (done != null) done.countDown();
                Thread.sleep(Long.MAX_VALUE);
            } catch (IOException | InterruptedException | OutOfMemoryError e) {
                e.printStackTrace();
                System.exit(1); // the scenario cannot show its state: say so at once
            }
        }, "upload-" + n);
        t.setDaemon(true);
        t.start();
    }
}
