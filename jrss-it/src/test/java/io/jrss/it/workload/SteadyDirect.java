// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A program with a steady footprint that then exits: {@code args[1]} MiB of direct buffers, every page written, a
 * small live heap, and garbage made all the time (so the heap fills whatever -Xmx gives it, as a service's does), for
 * {@code args[0]} seconds. With {@code args[2]} "leak", direct buffers are added all along instead, never
 * released (about 12 MiB/s). SizeIT's workloads for jrss size --prove.
 */
public final class SteadyDirect {
    public static void main(String[] args) throws InterruptedException {
        int seconds = Integer.parseInt(args[0]), mib = Integer.parseInt(args.length > 1 ? args[1] : "400");
        boolean leak = args.length > 2 && args[2].equals("leak");
        List<ByteBuffer> direct = new ArrayList<>();
        for (int i = 0; i < mib; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
            for (int j = 0; j < b.capacity(); j += 4096) b.put(j, (byte) 1);
            direct.add(b);
        }
        List<long[]> live = new ArrayList<>();
        for (int i = 0; i < 4096; i++) live.add(new long[1024]); // 32 MiB of heap in small arrays (not G1's humongous ones), live to the end
        System.out.println("READY " + direct.size() + " MiB direct, " + live.size() / 128 + " MiB heap");
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long made = 0;
        Thread.sleep(1500);
        System.gc(); // one old collection, so the live set is known; after it the heap is never shrunk by another
        while (System.nanoTime() < end) {
            byte[] garbage = new byte[64 << 10];
            made += garbage.length + garbage[made % 7 == 0 ? 0 : 1];
            if ((made & ((4 << 20) - 1)) == 0) Thread.sleep(20); // at most 200 MiB/s: the heap fills whatever it is given, and a core stays free
            if (leak && (made & ((16 << 20) - 1)) == 0) {
                ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
                for (int j = 0; j < b.capacity(); j += 4096) b.put(j, (byte) 1);
                direct.add(b);
            }
        }
        System.out.println("done " + (direct.size() + live.size() / 128) + " " + (made >> 20));
    }
}
