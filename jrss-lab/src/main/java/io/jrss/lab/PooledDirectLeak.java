// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a reported Netty service that leaks pooled direct memory (ByteBufs never released), without Netty.
 * A pool takes 4 MiB chunks with {@link ByteBuffer#allocateDirect}, as Netty's pooled allocator does, and every
 * request's buffer is never released, so the pool takes a new chunk about every 0.3 s: about 14 MB/s, 180 chunks
 * (720 MiB) in 52 s, 240 (960 MiB) in 70 s, where it stops, at half of -XX:MaxDirectMemorySize=2g (so the limit is not what raises it). The heap is small and quiet: the chunks' objects are reachable, and nothing else allocates much,
 * so no old-generation collection runs in a minute.
 *
 * What you should see: NMT Other from a few MiB to about 720 MiB in 52 s, in about 180 blocks of 4 MiB (960 MiB at 70 s), the "direct"
 * BufferPoolMXBean agreeing; RSS rising with it; the old generation untouched. jrss: direct-buffer-leak, under a
 * default one-minute {@code jrss watch} too (with the benign explanation, garbage buffers awaiting a collection, said
 * to be not yet excluded).
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx64m -XX:MaxDirectMemorySize=2g -cp jrss-lab/target/classes io.jrss.lab.PooledDirectLeak}
 * It prints READY after its first 8 chunks, leaks up to 240 chunks, then holds them until killed.
 */
public final class PooledDirectLeak {
    static final int CHUNK_BYTES = 4 << 20, MAX_CHUNKS = 240, READY_AT = 8;
    static final long CHUNK_EVERY_MILLIS = 290; // 4 MiB / 0.29 s = 14.5 MB/s

    static final List<ByteBuffer> POOL = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        while (true) {
            if (POOL.size() < MAX_CHUNKS) {
                ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK_BYTES);
                for (int p = 0; p < chunk.capacity(); p += 4096) chunk.put(p, (byte) 1); // a request's bytes, written
                POOL.add(chunk);
            }
            if (POOL.size() == READY_AT) Ready.now();
            Thread.sleep(CHUNK_EVERY_MILLIS);
        }
    }
}
