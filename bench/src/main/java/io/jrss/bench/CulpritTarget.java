// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * CulpritBench's target: about 700 MB of live objects in a 1 GB heap (7 million small objects, the shape a class
 * histogram walks slowest) and 2,000 parked threads, each a few frames deep (what Thread.print walks). Prints READY.
 */
public final class CulpritTarget {
    static final List<Object[]> KEEP = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        for (int i = 0; i < 70_000; i++) {
            Object[] row = new Object[100];
            for (int j = 0; j < row.length; j++) row[j] = new long[8];
            KEEP.add(row);
        }
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> park(4), "worker-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    static void park(int depth) {
        if (depth > 0) { park(depth - 1); return; }
        try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { }
    }
}
