// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a buffer pool that only ever grows. It allocates 1 MiB direct buffers with
 * {@link ByteBuffer#allocateDirect}, writes every page of each, and keeps them all: 60 of them, 94% of
 * -XX:MaxDirectMemorySize=64m. One more would leave 3 MiB; the next burst would throw
 * {@code OutOfMemoryError: Cannot reserve 1048576 bytes of direct buffer memory}.
 *
 * What you should see: NMT Other committed 61,440 KB (direct buffers are malloc'd through Unsafe, tagged
 * Other), the "direct" BufferPoolMXBean at 62,914,560 bytes, RSS about 98 MiB (JDK 17.0.15). jrss: direct-buffer-leak.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -XX:MaxDirectMemorySize=64m -cp jrss-lab/target/classes io.jrss.lab.DirectBufferLeak}
 * It prints READY once the 60 MiB are held and keeps them until killed.
 */
public final class DirectBufferLeak {
    static final int KEPT_MIB = 60; // 60 of 64 MiB = 94%, past jrss's 80% mark and one burst away from the limit
    static final int BUFFER_BYTES = 1 << 20;

    static final List<ByteBuffer> KEPT = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < KEPT_MIB; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(BUFFER_BYTES);
            for (int p = 0; p < b.capacity(); p += 4096) b.put(p, (byte) 1); // resident, not just reserved
            KEPT.add(b);
        }
        Ready.now();
        Thread.sleep(Long.MAX_VALUE);
    }
}
