// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.lang.reflect.Field;
import java.util.Random;
import java.util.concurrent.CountDownLatch;

/**
 * The glibc benchmark's targets, malloc'd through Unsafe.allocateMemory (plain malloc with NMT off):
 * <ul>
 *   <li>{@code heap MiB}: one thread fills the main arena with blocks of 64 to 1 024 bytes up to MiB, then frees every
 *       other one, so the freed half cannot merge: a fragmented heap of about a million free chunks.</li>
 *   <li>{@code arenas N}: N threads, started one after another, each mallocs 4 MiB of such blocks and frees every other:
 *       with MALLOC_ARENA_MAX=N in the environment, N arenas besides the main one.</li>
 * </ul>
 * Prints READY and waits.
 */
public final class FragmentedMalloc {
    public static void main(String[] args) throws Exception {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        long n = Long.parseLong(args[1]);
        if (args[0].equals("heap")) {
            fill(u, n << 20, 1);
        } else {
            CountDownLatch done = new CountDownLatch((int) n);
            for (int t = 0; t < n; t++) {
                int seed = t;
                Thread th = new Thread(() -> { fill(u, 4L << 20, seed); done.countDown(); park(); }, "arena-" + t);
                th.setDaemon(true);
                th.start();
                th.join(50); // one after another: each new thread finds no free arena and gets its own
            }
            done.await();
        }
        System.out.println("READY");
        System.out.flush();
        park();
    }

    static void fill(sun.misc.Unsafe u, long bytes, int seed) {
        Random r = new Random(seed);
        long[] blocks = new long[(int) (bytes / 400)]; // the mean block is 544 bytes
        int count = 0;
        for (long total = 0; total < bytes && count < blocks.length; count++) {
            long size = 64 + r.nextInt(961);
            blocks[count] = u.allocateMemory(size);
            u.setMemory(blocks[count], size, (byte) 1);
            total += size;
        }
        for (int i = 0; i < count; i += 2) u.freeMemory(blocks[i]);
    }

    static void park() {
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
