// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * What it does: a thread per request that never ends. Each thread recurses 1,000 frames deep (touching some of its
 * stack, as a real request does) and parks forever at the bottom. 500 threads are started at once, then 5 per
 * second up to 3,000 (reached after about 8 minutes).
 *
 * What you should see: Threads in /proc/<pid>/status about 520 at READY and +22 over 4 s; NMT Thread
 * (thread #521) the same count, stack committed about 58 MiB, 115 KiB a thread (JDK 17.0.15). jrss watch: thread-leak.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.ThreadLeak}
 * It prints READY once the first 500 threads are parked and keeps leaking 5 threads a second.
 */
public final class ThreadLeak {
    static final int START_THREADS = 500;
    static final int CAP_THREADS = 3_000; // bounded: 3,000 x 1 MiB of reserved stack
    static final long ONE_THREAD_EVERY_MILLIS = 200; // 5 threads a second
    static final int DEPTH = 1_000; // about 100 KiB of stack touched per thread

    public static void main(String[] args) throws Exception {
        CountDownLatch parked = new CountDownLatch(START_THREADS);
        for (int i = 0; i < START_THREADS; i++) leakOne(i, parked);
        parked.await();
        Ready.now();
        for (int i = START_THREADS; ; i++) {
            if (i < CAP_THREADS) leakOne(i, null);
            Thread.sleep(ONE_THREAD_EVERY_MILLIS);
        }
    }

    static void leakOne(int n, CountDownLatch parked) {
        Thread t = new Thread(() -> request(DEPTH, parked), "request-" + n);
        t.setDaemon(true);
        t.start();
    }

    static long request(int depth, CountDownLatch parked) {
        long a = depth, b = depth * 31L, c = depth * 17L; // locals: each frame is a few words of real stack
        if (depth > 0) return a + b + c + request(depth - 1, parked);
        if (parked != null) parked.countDown();
        while (true) LockSupport.park(); // the request that never completes
    }
}
