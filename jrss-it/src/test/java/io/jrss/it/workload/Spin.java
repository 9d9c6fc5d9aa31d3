// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

/** Two threads that burn CPU, so a CPU quota throttles the process. Prints READY at once, runs until killed. */
public final class Spin {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 2; i++) {
            Thread t = new Thread(() -> { long x = 0; while (true) { x += System.nanoTime() % 7; sink = x; } }, "spin-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
