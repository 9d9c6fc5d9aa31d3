// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The watch and profile benchmarks' target: N threads each repeat a fixed unit of work (copy a 4 KiB slice of a byte
 * array, SHA-256 it, allocate a few dozen short-lived objects; with a second argument {@code native}, also compress it
 * with a zlib Deflater made and ended for the unit: five mallocs and frees of native memory) and count the units
 * done. Prints READY, then answers every line on stdin with one line {@code <System.nanoTime()> <operations done so
 * far>}; exits when stdin closes.
 */
public final class Throughput {
    static final LongAdder OPS = new LongAdder();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        boolean nativeWork = args.length > 1 && args[1].equals("native");
        for (int i = 0; i < threads; i++) {
            int seed = i;
            Thread t = new Thread(() -> work(seed, nativeWork), "work-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        while (in.readLine() != null) {
            System.out.println(System.nanoTime() + " " + OPS.sum());
            System.out.flush();
        }
    }

    static void work(int seed, boolean nativeWork) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] source = new byte[1 << 16];
            for (int i = 0; i < source.length; i++) source[i] = (byte) (i * 31 + seed);
            long acc = seed;
            for (int op = 0; ; op++) {
                int off = (op * 4099) & (source.length - 4096 - 1);
                byte[] buf = Arrays.copyOfRange(source, off, off + 4096);
                buf[op & 4095] ^= (byte) acc;
                byte[] digest = sha.digest(buf);
                if (nativeWork) {
                    java.util.zip.Deflater d = new java.util.zip.Deflater(1);
                    d.setInput(buf);
                    d.finish();
                    acc += d.deflate(new byte[512]);
                    d.end();
                }
                List<Object> garbage = new ArrayList<>();
                for (int j = 0; j < 32; j++) garbage.add(new long[] {acc, j, digest[j]});
                acc = acc * 31 + digest[0] + garbage.size() + Long.toString(acc).length();
                source[off] = digest[1];
                OPS.increment();
                if ((op & 0xFFFF) == 0) sink = acc;
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
