// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * 16 direct buffers of 1 MiB kept, 16 more allocated and dropped with no collection after them (a large young
 * generation, nothing else allocating): their memory stays until a GC runs their cleaners. A dump taken with
 * {@code GC.heap_dump -all} keeps the dropped ones; jrss heap must count them as waiting for their cleaner.
 */
public final class DroppedBuffers {
    static final List<ByteBuffer> KEPT = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 32; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
            b.put(0, (byte) 1);
            if (i % 2 == 0) KEPT.add(b);
        }
        System.out.println("READY");
        Thread.sleep(Long.MAX_VALUE);
    }
}
