// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * What it does: compression streams that are never closed. It creates zlib {@link Deflater}s and {@link Inflater}s,
 * uses each once, never calls {@code end()}, and keeps them reachable (a cache of "reusable" codecs), so neither
 * end() nor the Cleaner ever frees their zlib state: memory that glibc's malloc holds for zlib and NMT never sees.
 * A deflater's state is about 270 KiB (window, hash chains, pending buffer), an inflater's about 40 KiB. 480 pairs
 * at once, then 10 pairs a second up to 4,000 (about 1.2 GiB, reached after about 6 minutes).
 *
 * What you should see: jcmd VM.info "C-Heap outstanding allocations" about 155 MiB at READY and +12 MiB over 4 s,
 * while NMT's total committed stays flat (328 MiB both times), on JDK 17.0.15; RSS following the outstanding figure. jrss watch: native-leak.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.NativeLeak}
 * It prints READY after the first 480 pairs and keeps leaking 10 pairs a second.
 */
public final class NativeLeak {
    static final int START_PAIRS = 480; // about 145 MiB of zlib state
    static final int CAP_PAIRS = 4_000;
    static final long ONE_PAIR_EVERY_MILLIS = 100;

    static final List<Object> LEAKED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        byte[] input = new byte[128 << 10];
        new Random(42).nextBytes(input);
        byte[] compressed = compress(input);
        while (LEAKED.size() < 2 * START_PAIRS) leakPair(input, compressed);
        Ready.now();
        while (true) {
            if (LEAKED.size() < 2 * CAP_PAIRS) leakPair(input, compressed);
            Thread.sleep(ONE_PAIR_EVERY_MILLIS);
        }
    }

    static void leakPair(byte[] input, byte[] compressed) throws Exception {
        Deflater d = GlibcFragmentation.touched(input);
        byte[] out = new byte[64 << 10];
        Inflater i = new Inflater();
        i.setInput(compressed);
        while (i.inflate(out) > 0) { /* the 32 KiB window is allocated on the first inflate */ }
        LEAKED.add(d);
        LEAKED.add(i);
    }

    static byte[] compress(byte[] input) {
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        d.setInput(input);
        d.finish();
        byte[] out = new byte[input.length + 1024];
        int n = d.deflate(out);
        d.end();
        return java.util.Arrays.copyOf(out, n);
    }
}
