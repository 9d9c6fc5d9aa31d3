// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

/**
 * Fills a heap larger than its memory cgroup's limit, prints READY, waits {@code args[0]} ms, then touches a byte of every
 * page of it again and again: with swap, each pass swaps pages in and others out, and the cgroup's tasks stall on memory
 * (its memory.pressure rises). PressureCaptureIT's target.
 */
public final class Thrash {
    public static void main(String[] args) throws InterruptedException {
        byte[][] blocks = new byte[Integer.parseInt(args.length > 1 ? args[1] : "480")][];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = new byte[1 << 20];
            java.util.Arrays.fill(blocks[i], (byte) 1);
        }
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.parseLong(args[0]));
        long sum = 0;
        while (sum >= 0) for (byte[] b : blocks) for (int j = 0; j < b.length; j += 4096) sum += b[j]++ & 1;
    }
}
