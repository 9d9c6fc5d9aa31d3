// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;

/**
 * A small steady service for the ledger tests: 48 MiB of live heap, 16 MiB of direct buffers, 32 zlib deflaters,
 * 24 parked threads. Enough of every kind of memory that a ledger row left out would show as unattributed.
 * The arguments name parts to leave out ({@code heap}, {@code direct}, {@code zlib}, {@code threads}), so that a test
 * sees each row move with its part. Prints READY, then keeps its state until killed. Compiled for release 11 as well
 * (jrss-it's pom), for the JDK matrix: Java 11 APIs only.
 */
public final class Steady {
    static final List<Object> KEEP = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Set<String> without = new HashSet<>(Arrays.asList(args));
        if (!without.contains("heap")) for (int i = 0; i < 48; i++) KEEP.add(new byte[1 << 20]);
        if (!without.contains("direct")) {
            for (int i = 0; i < 16; i++) {
                ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
                for (int p = 0; p < b.capacity(); p += 4096) b.put(p, (byte) 1);
                KEEP.add(b);
            }
        }
        if (!without.contains("zlib")) {
            byte[] input = new byte[64 << 10];
            new java.util.Random(7).nextBytes(input);
            for (int i = 0; i < 32; i++) {
                Deflater d = new Deflater();
                d.setInput(input);
                byte[] out = new byte[input.length * 2];
                d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH);
                KEEP.add(d);
            }
        }
        if (!without.contains("threads")) {
            for (int i = 0; i < 24; i++) {
                Thread t = new Thread(() -> { try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { } }, "parked-" + i);
                t.setDaemon(true);
                t.start();
            }
        }
        System.gc();
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
