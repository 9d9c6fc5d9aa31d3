// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * What {@code jrss profile-native} costs its target: a {@link Throughput} JVM in {@code native} mode (every unit of
 * work makes and ends a zlib Deflater: five mallocs and frees, the calls async-profiler hooks), one busy thread per
 * core, measured in equal windows alternately unprofiled and profiled, after a warm-up; the profiled window starts
 * once jrss says it loads the profiler, plus one second. Printed per interval (the default 512 KiB, and 0: every
 * allocation), the median throughput and its ratio to unprofiled. The library stays loaded between windows, as
 * it does in a real target: the unprofiled windows after the first profile include the disabled hooks.
 *
 * Settings (system properties): jrss.bench.warmup (default 15s), jrss.bench.window (20s), jrss.bench.rounds (2),
 * jrss.bench.threads (available processors), jrss.bench.intervals ("512k,0").
 *
 * Run: {@code bench/run profile}
 */
public final class ProfileBench {
    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        long warmup = WatchBench.millis("jrss.bench.warmup", "15s"), window = WatchBench.millis("jrss.bench.window", "20s");
        int rounds = Integer.getInteger("jrss.bench.rounds", 2);
        int threads = Integer.getInteger("jrss.bench.threads", Runtime.getRuntime().availableProcessors());
        List<String> intervals = List.of(System.getProperty("jrss.bench.intervals", "512k,0").split(","));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> started = new CopyOnWriteArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> started.forEach(Process::destroyForcibly)));
        Process target = new ProcessBuilder(java, "-XX:NativeMemoryTracking=summary", "-Xms256m", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                Throughput.class.getName(), Integer.toString(threads), "native").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(target);
        BufferedReader r = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
        BufferedWriter w = new BufferedWriter(new OutputStreamWriter(target.getOutputStream(), StandardCharsets.UTF_8));
        if (!"READY".equals(r.readLine())) throw new IllegalStateException("target did not start");
        WatchBench.Counter ops = () -> {
            w.newLine();
            w.flush();
            String[] f = r.readLine().split(" ");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), 0};
        };
        System.out.printf(Locale.ROOT, "target: %d threads hashing and deflating (a Deflater made and ended per unit), pid %d; warm-up %d s; %d rounds"
                + " of a %d s window without and one with 'jrss profile-native' per interval%n", threads, target.pid(), warmup / 1000, rounds, window / 1000);
        Thread.sleep(warmup);
        for (String interval : intervals) {
            double[] without = new double[rounds], with = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                long[] a = ops.read();
                Thread.sleep(window);
                long[] b = ops.read();
                without[i] = WatchBench.rate(a, b);
                Process p = new ProcessBuilder(java, "-jar", jar, "profile-native", Long.toString(target.pid()), "--interval", interval,
                        "--duration", (window / 1000 + 4) + "s", "--json").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                started.add(p);
                BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
                for (String line; (line = err.readLine()) != null && !line.contains("CHANGES THE TARGET"); ) { /* the capture before */ }
                Thread.sleep(1000);
                a = ops.read();
                Thread.sleep(window);
                b = ops.read();
                with[i] = WatchBench.rate(a, b);
                if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException("profile-native failed: " + p.exitValue());
                System.out.printf(Locale.ROOT, "interval %-5s round %d: %,10.0f ops/s unprofiled, %,10.0f ops/s profiled%n", interval, i + 1, without[i], with[i]);
            }
            double u = median(without), pr = median(with);
            System.out.printf(Locale.ROOT, "interval %-5s median: unprofiled %,10.0f ops/s, profiled %,10.0f ops/s, ratio %.3f%n", interval, u, pr, pr / u);
        }
        target.destroy();
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
