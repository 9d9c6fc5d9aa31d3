// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Compression streams that are never closed (issue 28's real library): each "session" opens a zstd-jni
 * {@code ZstdOutputStreamNoFinalizer}, compresses one message through it, flushes, and is kept open in a list of
 * sessions nobody closes. zstd's compression context (its window and tables, about a megabyte at level 3) is malloc'd
 * by libzstd-jni when the stream first compresses and freed only by close(): native memory NMT never sees. 5
 * sessions a second, up to 600 (about 1 GiB after 2 minutes). What jrss should name: the zstd-jni method that called into native code. Prints
 * READY, then goes on until killed.
 */
public final class StreamPerSession {
    static final List<ZstdOutputStreamNoFinalizer> SESSIONS = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        StringBuilder text = new StringBuilder();
        Random r = new Random(42);
        while (text.length() < 256 << 10) text.append("{\"order\":").append(r.nextInt(100_000)).append(",\"state\":\"shipped\"}\n");
        byte[] message = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.println("READY");
        while (true) {
            if (SESSIONS.size() < 600) {
                ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(new ByteArrayOutputStream(), 3);
                z.write(message);
                z.flush();
                SESSIONS.add(z);
            }
            Thread.sleep(200);
        }
    }
}
