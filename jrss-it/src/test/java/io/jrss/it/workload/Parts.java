// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A footprint of parts that can be switched off one at a time, each large and each in one ledger row, for the ablation
 * of JdkMatrixIT: 96 MiB of direct buffers (1 MiB each: glibc mmaps them), about 100 MiB of zlib (384 Deflater streams,
 * malloc'd in the main thread's arena), 64 threads each about 1.5 MiB deep in its stack, and a 96 MiB mapped file,
 * all touched: each part about 100 MiB, so that the JIT's arenas, which come and go by 6 MiB while jrss reads the
 * target (its commands run Java code), stay well inside the ablation's 15%. The arguments name the parts to leave out: {@code direct}, {@code zlib}, {@code threads}, {@code mapped}.
 * Run it with a fixed, pre-touched heap (-Xms = -Xmx, -XX:+AlwaysPreTouch), so that the heap cannot move, and with
 * {@code -XX:CompileCommand=exclude,io.jrss.it.workload.Parts::dive}, so that every deep frame is interpreted and the
 * same size in every run. Prints READY a moment after its parts are in place, then keeps allocating a little, as a live service does while jrss reads it: a
 * zlib stream (about 7 KiB) every 50 ms, in the arena that holds the deflaters, for a minute. Java 11 APIs only.
 */
public final class Parts {
    static final List<Object> KEEP = new ArrayList<>();
    static final int MIB = 1 << 20;
    static final int THREADS = 64, DEPTH = 6000;

    public static void main(String[] args) throws Exception {
        Set<String> without = new HashSet<>(Arrays.asList(args));
        if (!without.contains("direct")) {
            for (int i = 0; i < 96; i++) {
                ByteBuffer b = ByteBuffer.allocateDirect(MIB);
                for (int p = 0; p < b.capacity(); p += 4096) b.put(p, (byte) 1);
                KEEP.add(b);
            }
        }
        if (!without.contains("zlib")) {
            byte[] input = new byte[64 << 10];
            new Random(7).nextBytes(input);
            byte[] out = new byte[input.length * 2];
            for (int i = 0; i < 384; i++) {
                Deflater d = new Deflater();
                d.setInput(input);
                d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH);
                KEEP.add(d);
            }
        }
        if (!without.contains("mapped")) {
            Path f = Files.createTempFile("jrss-parts", ".dat");
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, 0, 96L * MIB);
                Files.delete(f); // the mapping keeps it ("... (deleted)" in smaps); a test's kill then leaves no 96 MiB file behind
                for (int p = 0; p < m.capacity(); p += 4096) m.put(p, (byte) 1);
                KEEP.add(m);
            }
        }
        System.gc();
        if (!without.contains("threads")) {
            CountDownLatch deep = new CountDownLatch(THREADS);
            for (int i = 0; i < THREADS; i++) {
                Thread t = new Thread(null, () -> dive(DEPTH, deep), "deep-" + i, 4L * MIB);
                t.setDaemon(true);
                t.start();
            }
            deep.await();
        }
        Thread.sleep(1500); // the JIT's start-up compilations done: their arenas come and go by megabytes
        System.out.println("READY");
        System.out.flush();
        for (int i = 0; i < 1200; i++) {
            KEEP.add(new Inflater());
            Thread.sleep(50);
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    /** {@code depth} frames of eight longs each, then parked there: the thread's stack stays touched that deep. */
    static long dive(int depth, CountDownLatch deep) {
        long a = depth, b = a * 3, c = b ^ a, d = c + 7, e = d * 5, f = e - a, g = f ^ b, h = g + c;
        if (depth == 0) {
            deep.countDown();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            return h;
        }
        return dive(depth - 1, deep) + a + b + c + d + e + f + g + h;
    }
}
