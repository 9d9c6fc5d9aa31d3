// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * explain and watch at scale: a JVM with 10,000 threads and a 32 GiB heap (reserved, barely touched), and a JVM with
 * 100,000 mappings (vm.max_map_count is raised to allow them where this process may, and the count actually reached is
 * printed). For each target it prints its threads and mappings, the wall time of {@code jrss explain --json} (median of
 * three) with jrss's peak RSS (VmHWM, polled every 5 ms), and a 12-second {@code jrss watch --interval 1s}: jrss's CPU
 * per cheap sample, the CPU of its last (full) sample, and its peak RSS. jrss runs through the launcher, as a person
 * runs it.
 *
 * Run: {@code bench/run scale}
 */
public final class ScaleBench {
    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        String launcher = ExplainBench.launcher(jar);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        int mappings = mappingsAllowed(100_000);
        System.out.printf(Locale.ROOT, "%-34s %8s %9s %12s %10s %14s %13s %10s%n", "target", "threads", "mappings", "explain (ms)",
                "jrss RSS", "watch, cheap", "watch, full", "jrss RSS");
        run("10,000 threads, -Xmx32g (reserved)", launcher, List.of(java, "-Xmx32g", "-XX:NativeMemoryTracking=summary", "-cp", cp,
                ManyThreads.class.getName(), "10000"));
        run(String.format(Locale.ROOT, "%,d mappings of a file", mappings), launcher, List.of(java, "-Xmx256m", "-XX:NativeMemoryTracking=summary",
                "-cp", cp, ManyMappings.class.getName(), Integer.toString(mappings)));
    }

    static void run(String name, String launcher, List<String> command) throws Exception {
        Process target = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String ready = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (ready == null || !ready.startsWith("READY")) throw new IllegalStateException(name + " did not start: " + ready);
            String pid = Long.toString(target.pid());
            long threads = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("Threads:"))
                    .mapToLong(l -> Long.parseLong(l.split("\\s+")[1])).findFirst().orElse(-1);
            long maps;
            try (var lines = Files.lines(Path.of("/proc/" + pid + "/maps"))) { maps = lines.count(); }
            run(List.of(launcher, "explain", pid, "--json")); // the archive, the attach listener, the page cache
            double[] ms = new double[3];
            long rss = 0;
            for (int i = 0; i < ms.length; i++) {
                long[] r = run(List.of(launcher, "explain", pid, "--json"));
                ms[i] = r[0] / 1e6;
                rss = Math.max(rss, r[1]);
            }
            double[] watch = watch(launcher, pid);
            System.out.printf(Locale.ROOT, "%-34s %8d %9d %12.0f %7.0f MiB %11.1f ms %10.0f ms %6.0f MiB%n", name, threads, maps,
                    WatchBench.median(ms), rss / 1024.0, watch[0], watch[1], watch[2] / 1024.0);
        } finally {
            target.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Runs a command to its end; returns its wall time in ns and its peak RSS in KiB. */
    static long[] run(List<String> cmd) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long hwm = 0;
        while (!p.waitFor(5, TimeUnit.MILLISECONDS)) hwm = Math.max(hwm, hwm(p.pid()));
        if (p.exitValue() != 0) throw new IllegalStateException(String.join(" ", cmd) + " exited " + p.exitValue());
        return new long[] {System.nanoTime() - t0, hwm};
    }

    /** A 12 s watch: CPU per cheap sample (median of consecutive sample lines), CPU of the last (full) sample, peak RSS in KiB. */
    static double[] watch(String launcher, String pid) throws Exception {
        Path json = Files.createTempFile("jrss-scale", ".json");
        Process watch = new ProcessBuilder(launcher, "watch", pid, "--interval", "1s", "--duration", "12s", "--json")
                .redirectOutput(json.toFile()).start();
        try {
            WatchBench.Watched seen = new WatchBench.Watched(watch);
            seen.start();
            long hwm = 0;
            while (!watch.waitFor(5, TimeUnit.MILLISECONDS)) hwm = Math.max(hwm, hwm(watch.pid()));
            seen.join(10_000);
            double tick = 1000.0 / WatchBench.clockTicks();
            List<WatchBench.Mark> marks = seen.marks();
            List<Double> cheap = new ArrayList<>();
            for (int i = 2; i < marks.size(); i++) {
                if (!marks.get(i).full() && !marks.get(i - 1).full()) cheap.add((marks.get(i).ticks() - marks.get(i - 1).ticks()) * tick);
            }
            WatchBench.Mark end = marks.get(marks.size() - 1), before = marks.get(marks.size() - 2);
            double[] c = cheap.stream().mapToDouble(Double::doubleValue).toArray();
            return new double[] {c.length == 0 ? Double.NaN : WatchBench.median(c), (end.ticks() - before.ticks()) * tick, hwm};
        } finally {
            watch.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            Files.deleteIfExists(json);
        }
    }

    static long hwm(long pid) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (l.startsWith("VmHWM:")) return Long.parseLong(l.split("\\s+")[1]);
            }
        } catch (IOException | RuntimeException gone) {
            // exited between two polls
        }
        return 0;
    }

    /** How many mappings a process may have here: raises vm.max_map_count to fit {@code wanted} where it may. */
    static int mappingsAllowed(int wanted) throws IOException {
        Path max = Path.of("/proc/sys/vm/max_map_count");
        long now;
        try (var in = Files.newInputStream(max)) { now = Long.parseLong(new String(in.readAllBytes()).strip()); } // /proc says size 0
        if (now < wanted + 10_000) {
            try {
                Files.writeString(max, Long.toString(wanted + 10_000L));
                System.out.printf(Locale.ROOT, "vm.max_map_count raised from %d to %d for this benchmark (it stays so until reboot)%n", now, wanted + 10_000L);
                now = wanted + 10_000L;
            } catch (IOException e) {
                System.out.printf(Locale.ROOT, "vm.max_map_count is %d and cannot be raised here; the second target gets fewer mappings%n", now);
            }
        }
        return (int) Math.min(wanted, now - 5_000);
    }
}
