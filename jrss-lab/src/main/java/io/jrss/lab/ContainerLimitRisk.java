// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a JVM told it may use a 1 GiB heap (-Xmx1g) inside a 384 MiB memory cgroup (the lab runner creates
 * it; the JVM was started before it moved in, so its ergonomics never saw the limit). It fills its heap with 1 MiB
 * arrays (each exactly one G1 region: 1 MiB minus the 16-byte array header) until RSS is 70% of the limit, prints
 * READY, then keeps adding one array every 2 s up to 75% of the limit and holds there: the next burst, or the heap
 * growing as -Xmx allows, would end in the kernel's OOM killer, not in an OutOfMemoryError. It reads its limit from
 * its own cgroup (v1 memory.limit_in_bytes); outside a limit it behaves as if under 384 MiB.
 *
 * What you should see: the cgroup's memory.limit_in_bytes 402653184, VmRSS about 269 MiB (70% of the
 * limit) at READY, memory.usage_in_bytes somewhat below RSS when the JVM used memory before it moved in (that stays
 * charged to its first cgroup), and MaxHeapSize 1 GiB in {@code jcmd <pid> VM.flags}.
 * jrss: container-limit-risk.
 *
 * Run with: {@code jrss lab run container-limit-risk}, or by hand in a memory cgroup:
 * {@code java -XX:NativeMemoryTracking=summary -Xmx1g -cp jrss-lab/target/classes io.jrss.lab.ContainerLimitRisk}
 */
public final class ContainerLimitRisk {
    static final long DEFAULT_LIMIT = 384L << 20; // the lab's cgroup limit, when none is found
    // 70% of RSS leaves room for what the cgroup also charges (page cache of the JDK's files, kernel memory): at 85%
    // the OOM killer took the scenario when its start-up memory was charged to the cgroup too. jrss's finding does not
    // need the edge: a 1 GiB max heap plus the non-heap RSS cannot fit a 384 MiB limit.
    static final double READY_SHARE = 0.70, CAP_SHARE = 0.75;
    static final int ARRAY_BYTES = (1 << 20) - 16; // with its header exactly one 1 MiB region: no waste, never copied
    static final long ONE_ARRAY_EVERY_MILLIS = 2_000;

    static final List<byte[]> HELD = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        long limit = limit();
        while (rss() < READY_SHARE * limit + (1 << 20)) HELD.add(touched()); // 1 MiB past 70%: RSS also shrinks a little now and then
        Ready.now();
        while (true) {
            Thread.sleep(ONE_ARRAY_EVERY_MILLIS);
            if (rss() + (1 << 20) < CAP_SHARE * limit) HELD.add(touched());
        }
    }

    static byte[] touched() {
        byte[] b = new byte[ARRAY_BYTES];
        for (int i = 0; i < b.length; i += 4096) b[i] = 1;
        return b;
    }

    /** VmRSS from /proc/self/status, in bytes. */
    static long rss() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) << 10;
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    /** This process's cgroup v1 memory limit, or {@link #DEFAULT_LIMIT} when there is none below 3 GiB. */
    static long limit() throws Exception {
        long limit = LabCgroup.ownMemoryLimit();
        return limit > 0 && limit < 3L << 30 ? limit : DEFAULT_LIMIT;
    }
}
