// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.testapp;

/**
 * A JVM to attach to: prints READY and sleeps. With an argument N it first starts N parked
 * threads, each 20 frames deep, so that Thread.print answers with a few hundred KiB.
 * Run: java -cp target/test-classes io.jrss.probe.testapp.ProbeTarget [threads]
 */
public final class ProbeTarget {
    private ProbeTarget() {}

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(threads);
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> deep(20, started), "probe-parked-" + i);
            t.setDaemon(true);
            t.start();
        }
        started.await();
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    private static void deep(int depth, java.util.concurrent.CountDownLatch started) {
        if (depth > 0) {
            deep(depth - 1, started);
            return;
        }
        started.countDown();
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
