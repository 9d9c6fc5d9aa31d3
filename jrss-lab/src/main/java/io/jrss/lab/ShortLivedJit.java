// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * What it does: a short-lived program with a busy JIT, as a batch job that compiles a script per request (reported:
 * Groovy scripts compiled per request, an HTTP client created per call; both start, work for 30 s and exit). Each
 * "request" defines the bytes of {@link CodeCacheTemplate} as a new hidden class (unloadable, as a compiled script
 * is), calls it until C1 and C2 compile it, does some string and map work, and drops it. The code cache fills a few
 * MiB during start-up, far below its 240 MiB, and nothing leaks: a start-up, not a trend.
 *
 * What you should see: {@code jcmd <pid> Compiler.codecache} used rising from about 3 to 8 MiB of 240 MiB while it
 * runs, loaded classes and metaspace rising with it, a quiet heap. jrss: no finding (no code-cache-full, no
 * trend warning), also under {@code jrss run} from its first second.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -Djrss.lab.exitAfter=30 -cp jrss-lab/target/classes io.jrss.lab.ShortLivedJit}
 * It prints READY after its first 50 requests and works until it exits (or is killed, without the property).
 */
public final class ShortLivedJit {
    static final int CALLS_PER_SCRIPT = 20_000; // past C2's thresholds for the small methods
    static final int READY_AFTER = 50;

    public static void main(String[] args) throws Throwable {
        byte[] bytes = CodeCacheFull.classBytes(CodeCacheTemplate.class);
        long sink = 0;
        for (int request = 1; ; request++) {
            LongUnaryOperator script = (LongUnaryOperator) MethodHandles.lookup().defineHiddenClass(bytes, false)
                    .lookupClass().getDeclaredConstructor().newInstance();
            for (int i = 0; i < CALLS_PER_SCRIPT; i++) sink += script.applyAsLong(i);
            sink += work(request);
            if (request == READY_AFTER) Ready.now();
            if (request > READY_AFTER) Thread.sleep(20); // a request every few tens of milliseconds
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
