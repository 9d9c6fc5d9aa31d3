// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What it does: the workload of {@code jrss demo}. It holds 64 MiB of NIO direct buffers, keeps 256 zlib
 * {@link Deflater}s open (zlib's malloc'd state, which NMT never sees), and from 4 threads replays a reported
 * two-wave pattern through zlib: create deflaters A and B alternately, then end every A. The freed A blocks sit
 * between live B blocks, so glibc cannot return them to the OS.
 *
 * What you should see: RSS near 850 MiB with a 128 MiB heap. In jrss's ledger about 64 MiB of direct-buffers,
 * about 390 MiB of native-malloc (the B wave and the kept deflaters, invisible to NMT), about 300 MiB of
 * malloc-free across several arenas, and the finding glibc-fragmentation. Measured on JDK 17.0.15:
 * {@code jcmd <pid> System.trim_native_heap} took RSS from 859M to 556M.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx128m -cp jrss-lab/target/classes io.jrss.lab.NativeMix}
 * It prints READY when the state is reached and keeps it until killed.
 */
public final class NativeMix {
    static final int DIRECT_MIB = 64;
    static final int KEPT_DEFLATERS = 256;
    static final int THREADS = 4;
    static final int PAIRS_PER_THREAD = 300; // 4 x 300 x 2 deflaters of ~270 KiB each: ~640 MiB allocated, half freed

    private static final List<Object> KEEP = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < DIRECT_MIB; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
            for (int p = 0; p < b.capacity(); p += 4096) b.put(p, (byte) 1);
            KEEP.add(b);
        }
        byte[] input = new byte[128 << 10];
        new Random(42).nextBytes(input);
        for (int i = 0; i < KEPT_DEFLATERS; i++) KEEP.add(GlibcFragmentation.touched(input));
        GlibcFragmentation.twoWaves(input, THREADS, PAIRS_PER_THREAD, KEEP);
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }
}
