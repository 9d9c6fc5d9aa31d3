// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;

/**
 * A batch program for {@link CompareBench}: one thread per core compresses a fixed amount of data through zlib
 * (malloc-heavy native work, so the allocator matters), prints its rate as "work: N MB/s" and exits. Every CPU
 * cycle an observer takes is one it loses. Argument: MiB per thread (default 96).
 */
public final class FixedWork {
    public static void main(String[] args) throws Exception {
        int mib = args.length > 0 ? Integer.parseInt(args[0]) : 96, threads = Runtime.getRuntime().availableProcessors();
        byte[] input = new byte[1 << 20];
        new Random(7).nextBytes(input);
        for (int i = 0; i < input.length; i += 3) input[i] = 0; // compressible, as real data is
        AtomicLong sink = new AtomicLong();
        long t0 = System.nanoTime();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                byte[] out = new byte[1 << 20];
                for (int i = 0; i < mib; i++) {
                    Deflater d = new Deflater(6);
                    d.setInput(input);
                    d.finish();
                    while (!d.finished()) sink.addAndGet(d.deflate(out));
                    d.end();
                }
            });
            workers[t].start();
        }
        for (Thread w : workers) w.join();
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(java.util.Locale.ROOT, "work: %.1f MB/s (%d bytes out)%n", (double) mib * threads * (1 << 20) / 1e6 / seconds, sink.get());
    }
}
