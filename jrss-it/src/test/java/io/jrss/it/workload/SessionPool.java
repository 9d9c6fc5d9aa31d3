// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.workload;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

/**
 * The well-behaved twin of {@link StreamPerSession} (the real library zstd-jni): a pool of 64 sessions, each a
 * compression stream with its native context (about a megabyte at level 3), used round-robin; every 10th use closes the
 * stream and opens a new one, as a session ends and another begins. A steady native footprint of about 64 MiB, malloc'd
 * and freed all the time, for jrss size's campaign (docs/size.md). Prints READY, then goes on until killed.
 */
public final class SessionPool {
    public static void main(String[] args) throws IOException, InterruptedException {
        StringBuilder text = new StringBuilder();
        Random r = new Random(42);
        while (text.length() < 256 << 10) text.append("{\"order\":").append(r.nextInt(100_000)).append(",\"state\":\"shipped\"}\n");
        byte[] message = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ZstdOutputStreamNoFinalizer[] pool = new ZstdOutputStreamNoFinalizer[64];
        for (int i = 0; i < pool.length; i++) pool[i] = open(message);
        System.out.println("READY");
        for (long use = 0; ; use++) {
            int i = (int) (use % pool.length);
            if (use % 10 == 9) {
                pool[i].close();
                pool[i] = open(message);
            } else {
                pool[i].write(message, 0, 4096);
                pool[i].flush();
            }
            if (use % 64 == 63) Thread.sleep(20);
        }
    }

    private static ZstdOutputStreamNoFinalizer open(byte[] message) throws IOException {
        ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(new ByteArrayOutputStream(), 3);
        z.write(message, 0, 4096);
        z.flush();
        return z;
    }
}
