// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * What it does: generated code that never stops coming, in a code cache of 8 MiB (-XX:ReservedCodeCacheSize=8m,
 * one segment, C1 only: -XX:TieredStopAtLevel=1, because JDK 17's tiered policy raises the C1 thresholds
 * exponentially once the cache is half full, IncreaseFirstTierCompileThresholdAt=50, and filling the last 15% then
 * took 20 to 130 s). It defines the bytes of {@link CodeCacheTemplate} (read from the classpath) as a new hidden class
 * again and again and calls each copy 2,000 times, enough for C1 to compile it: every copy
 * adds its own compiled code. Copies stay reachable and are called in turn, so the sweeper finds no cold code to flush.
 *
 * What you should see: {@code jcmd <pid> Compiler.codecache} with size=8192Kb, used about 8,140Kb, full_count of
 * at least 1 (the sweeper frees a little and it fills again), and "CodeCache is full. Compiler has been disabled." in the output. jrss: code-cache-full.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -XX:ReservedCodeCacheSize=8m -XX:-SegmentedCodeCache -XX:TieredStopAtLevel=1 -cp jrss-lab/target/classes io.jrss.lab.CodeCacheFull}
 * It prints READY once the code cache is 95% used and has stopped growing (the JIT stopped), and keeps calling its copies.
 */
public final class CodeCacheFull {
    static final int CALLS_PER_COPY = 2_000; // 10 x Tier3InvocationThreshold (200), which C1 alone also uses
    static final int MAX_COPIES = 5_000; // bounded: a few KiB of metaspace per copy
    static final double READY_SHARE = 0.95; // compilation stops short of 100% (measured 99.4%); at 85% a slow JIT could look finished
    static final int STILL_ROUNDS = 20; // 20 more copies defined and called without the code cache growing: JIT stopped

    public static void main(String[] args) throws Exception {
        byte[] bytes = classBytes(CodeCacheTemplate.class);
        MemoryPoolMXBean codeCache = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getName().equals("CodeCache")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no CodeCache pool: run with -XX:-SegmentedCodeCache"));
        List<LongUnaryOperator> copies = new ArrayList<>();
        long sink = 0;
        boolean ready = false;
        long lastUsed = 0;
        int stillFor = 0;
        while (true) {
            if (copies.size() < MAX_COPIES && !ready) {
                copies.add((LongUnaryOperator) MethodHandles.lookup().defineHiddenClass(bytes, true)
                        .lookupClass().getDeclaredConstructor().newInstance());
            }
            LongUnaryOperator newest = copies.get(copies.size() - 1);
            for (int i = 0; i < CALLS_PER_COPY; i++) sink += newest.applyAsLong(i);
            for (LongUnaryOperator c : copies) sink += c.applyAsLong(sink); // keep every copy warm
            long used = codeCache.getUsage().getUsed();
            if (used >= READY_SHARE * codeCache.getUsage().getMax() && used == lastUsed) stillFor++;
            else stillFor = 0;
            lastUsed = used;
            if (!ready && stillFor >= STILL_ROUNDS) {
                ready = true;
                Ready.now();
            }
            if (ready) Thread.sleep(100);
            if (sink == 42) System.out.print("");
        }
    }

    static byte[] classBytes(Class<?> c) throws IOException {
        String resource = c.getName().replace('.', '/') + ".class";
        try (InputStream in = CodeCacheFull.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IOException(resource + " is not on the classpath");
            return in.readAllBytes();
        }
    }
}
