// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap benchmark's dump: 10 million small linked objects (about 400 MB), 1.8 GB of 64 KiB byte arrays, 256
 * direct buffers of 64 KiB kept and 256 dropped. Prints READY and waits; dumped with -all, about 2.3 GB.
 */
public final class BigHeap {
    static final class Node { Node next; long a, b; Object payload; }

    static final List<Object> KEEP = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Node head = null;
        for (int i = 0; i < 10_000_000; i++) {
            Node n = new Node();
            n.next = head;
            n.a = i;
            n.payload = (i & 1023) == 0 ? "node-" + i : null;
            head = n;
        }
        KEEP.add(head);
        for (int i = 0; i < 1_800 * 16; i++) KEEP.add(new byte[64 << 10]);
        for (int i = 0; i < 512; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(64 << 10);
            if (i % 2 == 0) KEEP.add(b);
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
