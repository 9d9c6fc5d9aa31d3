// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: inside a 768 MiB memory cgroup with no swap (the lab runner creates it), prints READY, waits
 * {@link #QUIET_SECONDS} (or {@code -Djrss.lab.leakAfter=<seconds>}), then leaks direct memory at about 40 MiB/s: a 4 MiB direct buffer every 100 ms, every page
 * touched, all kept. -XX:MaxDirectMemorySize=4g lets the JDK go on past the limit, so the kernel's OOM killer, not an
 * OutOfMemoryError, ends it, about 18 s after the leak starts (about a minute after READY). Between 75% of the limit and the kill lie under 5 s.
 *
 * What you should see: NMT's Other (direct buffers on JDK 11+) and RSS growing 40 MiB/s, memory.oom_control's oom_kill
 * going from 0 to 1 in its cgroup, the process ended by SIGKILL (exit status 137), and the kernel log's
 * "Memory cgroup out of memory: Killed process PID (java)".
 * jrss: container-limit-risk ("killed by the kernel at its limit"), with a capture kept at 75% and 90% of the limit.
 *
 * Run with: {@code jrss lab run oom-kill}, then at once {@code jrss watch <pid>}.
 */
public final class OomKill {
    static final int BUFFER_BYTES = 4 << 20;
    static final long EVERY_MILLIS = 100;
    /** How long it runs quietly before it leaks: long enough for an exporter at its default 30 s interval to find it. */
    static final String LEAK_AFTER = "jrss.lab.leakAfter";
    static final long QUIET_SECONDS = 40;
    static final List<ByteBuffer> LEAKED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Ready.now();
        Thread.sleep(Long.getLong(LEAK_AFTER, QUIET_SECONDS) * 1000);
        while (true) {
            ByteBuffer b = ByteBuffer.allocateDirect(BUFFER_BYTES);
            for (int i = 0; i < BUFFER_BYTES; i += 4096) b.put(i, (byte) 1);
            LEAKED.add(b);
            Thread.sleep(EVERY_MILLIS);
        }
    }
}
