// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

/** The benchmark's target: a JVM with 1,000 parked threads (their stacks make smaps long). Prints READY. */
public final class ManyThreads {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> { try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { } }, "parked-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
