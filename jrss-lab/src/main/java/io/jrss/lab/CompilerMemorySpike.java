// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * What it does: one method that C2 cannot compile, compiled again every 40 s. It defines the bytes of
 * {@link StackedConcatTemplate} as a new hidden class and calls the copy until C2 takes it (after 5,000 calls,
 * Tier4InvocationThreshold). C2's string-concat optimization merges its 14 stacked StringBuilder chains into one of
 * 139,264 arguments and builds nodes for every one of them (JDK-8357105, JDK-8362394) before it gives up with
 * "COMPILE SKIPPED: Out of nodes" and frees its arena. The heap is fixed and pre-touched, so the spike is the JIT's.
 * It watches its own NMT (through the DiagnosticCommand MBean; RSS when NMT is off) to see each compile start and end.
 *
 * What you should see per compile (2 cores, 2026-11-23). JDK 17.0.15: {@code jcmd <pid> VM.native_memory summary}
 * Compiler arena=980,009KB in the current figures during the compile (about 6 s), then arena=165KB with
 * (peak=1,043,786KB); Arena Chunk malloc about 577,000KB for up to 5 s more (the chunk pool is cleaned every 5 s),
 * then only its (peak=1,045,334KB). RSS from 110 MiB to about 1,100 MiB (VmHWM), and not all the way back: glibc
 * keeps 300 to 800 MiB of the freed chunks (jrss: glibc-fragmentation too; with -XX:TrimNativeHeapInterval=5000 RSS
 * is back at 116 MiB 10 s after the compile). JDK 25.0.3: the same NMT peaks (1,041,516KB and 1,047,322KB), and with
 * {@code -XX:CompileCommand=MemStat,*.*,collect} {@code jcmd <pid> Compiler.memory} lists "c2 1066277992 ... #nodes
 * 1942940 err ... 7.356 ...StackedConcatTemplate...::get". jrss watch: compiler-memory-spike, glibc-fragmentation.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xms64m -Xmx64m -XX:+AlwaysPreTouch -XX:+PrintCompilation -cp jrss-lab/target/classes io.jrss.lab.CompilerMemorySpike}
 * It prints READY once the first compile is over and the chunk pool cleaned (about 14 s), and compiles a new copy every 40 s.
 */
public final class CompilerMemorySpike {
    static final long RISE = 256L << 20; // the compile is under way once the meter is 256 MiB above its base
    static final int MAX_CALLS = 30_000; // C2 is asked after 5,000 calls; 6 times that means no spike is coming
    static final long CHUNK_POOL_MILLIS = 6_000; // the arena chunk pool is cleaned every 5 s after the compile
    static final long PERIOD_MILLIS = 40_000, MAX_SPIKE_MILLIS = 120_000;
    static final Pattern NMT_CATEGORY = Pattern.compile("(?m)^-\\s+(?:Compiler|Arena Chunk) \\(reserved=\\d+KB, committed=(\\d+)KB");

    static volatile Supplier<String> current; // the copy being compiled stays reachable until its spike is over
    static long sink;

    public static void main(String[] args) throws Exception {
        byte[] bytes = CodeCacheFull.classBytes(StackedConcatTemplate.class);
        boolean nmt = meterNmt() >= 0, ready = false;
        String meter = nmt ? "NMT Compiler + Arena Chunk" : "RSS (NMT is off)";
        for (int n = 1; ; n++) {
            long start = System.nanoTime(), base = meter(nmt), peak = base;
            @SuppressWarnings("unchecked")
            Supplier<String> copy = (Supplier<String>) MethodHandles.lookup().defineHiddenClass(bytes, true)
                    .lookupClass().getDeclaredConstructor().newInstance();
            current = copy;
            int calls = 0;
            for (; calls < MAX_CALLS && (peak = meter(nmt)) < base + RISE; calls += 100) {
                for (int i = 0; i < 100; i++) sink += copy.get().length();
            }
            // Over when C2 frees its arena: the meter drops by half the rise at once (RSS: its large chunks).
            long risen = System.nanoTime();
            for (long m = peak; peak >= base + RISE && peak - m < RISE / 2 && System.nanoTime() - risen < MAX_SPIKE_MILLIS * 1_000_000; ) {
                Thread.sleep(100);
                m = meter(nmt);
                peak = Math.max(peak, m);
            }
            double seconds = (System.nanoTime() - risen) / 1e9;
            if (peak < base + RISE) {
                System.out.println("compile " + n + ": no spike after " + calls + " calls (is C2 on, -XX:+OptimizeStringConcat?)");
            } else {
                Thread.sleep(CHUNK_POOL_MILLIS);
                System.out.printf("compile %d: %s %d -> %d MiB for %.1f s, then %d MiB; RSS %d MiB%n", n, meter, base >> 20,
                        peak >> 20, seconds, meter(nmt) >> 20, rss() >> 20);
                if (!ready) Ready.now();
                ready = true;
            }
            System.out.flush();
            long left = PERIOD_MILLIS - (System.nanoTime() - start) / 1_000_000;
            if (left > 0) Thread.sleep(left);
        }
    }

    static long meter(boolean nmt) throws Exception { return nmt ? meterNmt() : rss(); }

    /** NMT's committed bytes of Compiler plus Arena Chunk, from this JVM's own VM.native_memory; -1 when NMT is off. */
    static long meterNmt() throws Exception {
        String summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
        Matcher m = NMT_CATEGORY.matcher(summary);
        long kib = 0;
        int found = 0;
        for (; m.find(); found++) kib += Long.parseLong(m.group(1));
        return found == 0 ? -1 : kib << 10;
    }

    /** VmRSS from /proc/self/status, in bytes. */
    static long rss() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) << 10;
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
