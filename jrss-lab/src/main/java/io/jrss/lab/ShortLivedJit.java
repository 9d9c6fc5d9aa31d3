// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * What it does: a short-lived program with a busy JIT, as reported: programs that start, work for 30 s and exit (an
 * HTTP client created per call; scripts compiled per request). Its code is loaded at start: 2,000 copies of
 * {@link CodeCacheTemplate}, defined as hidden classes before READY, as an application loads its classes. Then each
 * "request" makes the next copy hot enough for C1 and C2 to compile it, and does some string and map work, so the JIT
 * keeps compiling new code for as long as the program runs while nothing else is loaded or kept. The code cache
 * fills a few MiB per 10 s, far below its 240 MiB: a start-up, not a trend.
 *
 * What you should see: {@code jcmd <pid> Compiler.codecache} used rising from about 5 MiB to 15 to 30 MiB of 240 MiB
 * while it runs (JDK 17 and 25), loaded classes flat after READY, a quiet heap. jrss: no finding (no code-cache-full,
 * no trend warning), also under {@code jrss run} from its first second.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -Djrss.lab.exitAfter=30 -cp jrss-lab/target/classes io.jrss.lab.ShortLivedJit}
 * It prints READY once its classes are loaded and works until it exits (or is killed, without the property).
 */
public final class ShortLivedJit {
    static final int COPIES = 2_000; // more than a run of two minutes makes hot: each request compiles new code
    static final int CALLS_PER_REQUEST = 20_000; // past C2's thresholds for the small methods

    public static void main(String[] args) throws Throwable {
        byte[] bytes = CodeCacheFull.classBytes(CodeCacheTemplate.class);
        List<LongUnaryOperator> copies = new ArrayList<>();
        for (int i = 0; i < COPIES; i++) {
            copies.add((LongUnaryOperator) MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass().getDeclaredConstructor().newInstance());
        }
        long sink = work(0);
        Ready.now();
        for (int request = 1; ; request++) {
            LongUnaryOperator code = copies.get(request % COPIES);
            for (int i = 0; i < CALLS_PER_REQUEST; i++) sink += code.applyAsLong(i);
            sink += work(request);
            Thread.sleep(20); // a request every 20 ms and some
            if (sink == 42) System.out.print("");
        }
    }
    /** What a request does besides its script: some text, a map, a list of boxed numbers. */
    static long work(int request) {
        Map<String, Integer> counts = new HashMap<>();
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            String key = String.format("req-%d-%d", request, i % 97);
            counts.merge(key, 1, Integer::sum);
            values.add((long) key.hashCode() * i);
        }
        return values.stream().mapToLong(Long::longValue).sum() + counts.size();
    }
}
