// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jrss watch <pid> --interval 1s} costs its target: a {@link Throughput} JVM (NMT summary, fixed heap, one
 * busy thread per core by default, so every CPU cycle jrss takes is one the target loses) is measured in equal windows,
 * alternately without a watch and with the real jar watching it as a separate process, after a warm-up. Throughput is
 * the target's own count of finished operations over the window by its own clock; the medians are printed with their
 * ratio. Each watch window starts at the watch's 5th sample line, so its JVM start-up and first (full) sample fall
 * outside it. The CPU jrss uses per sample is the watch process's utime+stime from /proc/pid/stat, read by the bench
 * as each sample line appears on the watch's stderr: from the 5th sample line to the last one in the window, divided
 * by the samples in between. Start-up CPU, the final full sample (taken at SIGTERM), the whole process against the
 * JSON's timeline.sample_count, and the target's own CPU in each window are printed apart.
 *
 * Settings (system properties): jrss.bench.warmup (default 20s), jrss.bench.window (30s), jrss.bench.rounds (4),
 * jrss.bench.threads (available processors), jrss.bench.interval (1s), jrss.bench.heap (256m).
 *
 * Run: {@code bench/run watch} (or {@code java -cp bench/target/classes io.jrss.bench.WatchBench jrss-cli/target/jrss.jar})
 */
public final class WatchBench {
    static final Pattern SAMPLE = Pattern.compile("^\\[[^\\]]*\\] sample (\\d+)( \\(full\\))?");
    static final Pattern SAMPLE_COUNT = Pattern.compile("\"sample_count\"\\s*:\\s*(\\d+)");
    static final int STEADY_FROM = 5;

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        long warmup = millis("jrss.bench.warmup", "20s"), window = millis("jrss.bench.window", "30s");
        int rounds = Integer.getInteger("jrss.bench.rounds", 4);
        int threads = Integer.getInteger("jrss.bench.threads", Runtime.getRuntime().availableProcessors());
        String interval = System.getProperty("jrss.bench.interval", "1s"), heap = System.getProperty("jrss.bench.heap", "256m");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String launcher = ExplainBench.launcher(jar);
        double tick = 1000.0 / clockTicks(); // ms per clock tick

        List<Process> started = new CopyOnWriteArrayList<>();
        Thread reaper = new Thread(() -> started.forEach(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(reaper); // Ctrl-C on the bench kills its children too
        Process target = new ProcessBuilder(java, "-XX:NativeMemoryTracking=summary", "-Xms" + heap, "-Xmx" + heap, "-cp",
                System.getProperty("java.class.path"), Throughput.class.getName(), Integer.toString(threads))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(target);
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            BufferedWriter w = new BufferedWriter(new OutputStreamWriter(target.getOutputStream(), StandardCharsets.UTF_8));
            if (!"READY".equals(r.readLine())) throw new IllegalStateException("target did not start");
            long pid = target.pid();
            Counter ops = () -> {
                w.newLine();
                w.flush();
                String[] f = r.readLine().split(" ");
                return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), cpuTicks(pid)};
            };
            System.out.printf(Locale.ROOT, "target: %d threads hashing, copying and allocating, -Xmx%s, NMT summary, pid %d; %d CPUs%n",
                    threads, heap, pid, Runtime.getRuntime().availableProcessors());
            System.out.printf(Locale.ROOT, "warm-up %d s, then %d rounds of a %d s window without and a %d s window with"
                    + " 'jrss watch %d --interval %s'%n", warmup / 1000, rounds, window / 1000, window / 1000, pid, interval);
            Thread.sleep(warmup);

            double[] without = new double[rounds], with = new double[rounds], perSample = new double[rounds], full = new double[rounds];
            double[] startup = new double[rounds], first = new double[rounds], toFifth = new double[rounds], whole = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                long[] a = ops.read();
                Thread.sleep(window);
                long[] b = ops.read();
                without[i] = rate(a, b);
                System.out.printf(Locale.ROOT, "round %d without watch: %,10.0f ops/s, target CPU %.2f cores%n",
                        i + 1, without[i], cores(a, b, tick));

                Path json = Files.createTempFile("jrss-watchbench", ".json");
                // As a person runs it: the launcher (class-data archive, C1 only, serial GC), which execs java under its own pid.
                Process watch = new ProcessBuilder(launcher, "watch", Long.toString(pid), "--interval", interval, "--json")
                        .redirectOutput(json.toFile()).start();
                started.add(watch);
                try {
                    Watched seen = new Watched(watch);
                    seen.start();
                    Mark fifth = seen.await(STEADY_FROM, 60_000);
                    a = ops.read();
                    Thread.sleep(window);
                    b = ops.read();
                    Mark last = seen.last();
                    watch.toHandle().destroy(); // SIGTERM (Process.destroy would close its stderr): last full sample, report, exit
                    if (!watch.waitFor(60, TimeUnit.SECONDS)) throw new IllegalStateException("jrss watch did not stop; its stderr:\n" + seen.text());
                    seen.join(10_000);
                    if (watch.exitValue() != 0) throw new IllegalStateException("jrss watch exited " + watch.exitValue() + "; its stderr:\n" + seen.text());
                    Matcher m = SAMPLE_COUNT.matcher(Files.readString(json));
                    if (!m.find()) throw new IllegalStateException("no timeline.sample_count in the watch's JSON");
                    int count = Integer.parseInt(m.group(1));
                    List<Mark> marks = seen.marks();
                    if (last.sample <= fifth.sample || marks.size() < 2 || seen.header == null || seen.ended == null) {
                        throw new IllegalStateException("too few sample lines in the window, or no 'watching'/'ended' line; its stderr:\n" + seen.text());
                    }
                    Mark end = marks.get(marks.size() - 1), before = marks.get(marks.size() - 2);
                    if (!end.full || end.sample != count) throw new IllegalStateException("last sample line " + end.sample + " is not the full sample "
                            + count + " of the JSON; its stderr:\n" + seen.text());
                    with[i] = rate(a, b);
                    perSample[i] = (last.ticks - fifth.ticks) * tick / (last.sample - fifth.sample);
                    full[i] = (end.ticks - before.ticks) * tick;
                    startup[i] = seen.header.ticks * tick;
                    first[i] = (marks.get(0).ticks - seen.header.ticks) * tick;
                    toFifth[i] = fifth.ticks * tick;
                    whole[i] = seen.ended.ticks * tick / count;
                    System.out.printf(Locale.ROOT, "round %d with watch:    %,10.0f ops/s, target CPU %.2f cores; jrss %d samples in the window,"
                                    + " %.3f cores, %.1f ms CPU per sample%n", i + 1, with[i], cores(a, b, tick), last.sample - fifth.sample,
                            (last.ticks - fifth.ticks) * tick / ((last.nanos - fifth.nanos) / 1e6), perSample[i]);
                } finally {
                    watch.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    Files.deleteIfExists(json);
                }
            }
            double a = median(without), b = median(with);
            System.out.printf(Locale.ROOT, "without jrss watch:                  median %,10.0f ops/s%n", a);
            System.out.printf(Locale.ROOT, "with jrss watch --interval %-9s median %,10.0f ops/s%n", interval + ":", b);
            double[] ratios = new double[rounds];
            for (int i = 0; i < rounds; i++) ratios[i] = with[i] / without[i];
            double[] sorted = ratios.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "ratio with / without: %.3f of the medians; by round (each with window against the window before it):"
                    + " median %.3f, min %.3f, max %.3f%n", b / a, median(ratios), sorted[0], sorted[rounds - 1]);
            System.out.printf(Locale.ROOT, "jrss CPU per cheap sample (utime+stime of the watch process, 5th sample line to the last in the window):"
                    + " median %.1f ms%n", median(perSample));
            System.out.printf(Locale.ROOT, "jrss CPU for a full sample (the last one, taken at SIGTERM, whole smaps):   median %.1f ms%n", median(full));
            System.out.printf(Locale.ROOT, "jrss start-up CPU: %.0f ms to the 'watching' line (JVM start, attach), %.0f ms more for the first (full) sample,"
                    + " %.0f ms in all by the 5th sample line (medians)%n", median(startup), median(first), median(toFifth));
            System.out.printf(Locale.ROOT, "whole watch process, CPU to its 'ended' line / timeline.sample_count (start-up included): median %.1f ms%n",
                    median(whole));
        } finally {
            target.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            started.forEach(Process::destroyForcibly);
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }

    /** One reading of the target: its nanoTime, operations done, utime+stime in ticks. */
    interface Counter { long[] read() throws IOException; }

    /** A line of the watch's stderr: the sample's number (0 for other lines), when it was read and the watch's CPU then. */
    record Mark(int sample, boolean full, long nanos, long ticks) {}

    /** Reads the watch's stderr and notes its CPU as each line appears. */
    static final class Watched extends Thread {
        final Process watch;
        final List<Mark> marks = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        volatile Mark header, ended;

        Watched(Process watch) { this.watch = watch; setDaemon(true); }

        @Override public void run() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(watch.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    long ticks = cpuTicks(watch.pid()), nanos = System.nanoTime();
                    Matcher m = SAMPLE.matcher(line);
                    synchronized (this) {
                        text.append(line).append('\n');
                        if (m.find()) marks.add(new Mark(Integer.parseInt(m.group(1)), m.group(2) != null, nanos, ticks));
                        else if (line.contains(": watching pid ")) header = new Mark(0, false, nanos, ticks);
                        else if (line.contains(": ended: ")) ended = new Mark(0, false, nanos, ticks);
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                // the watch went away; waitFor and exitValue tell
            } finally {
                synchronized (this) { notifyAll(); }
            }
        }

        synchronized Mark await(int sample, long timeoutMillis) throws InterruptedException {
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (true) {
                for (Mark m : marks) if (m.sample >= sample) return m;
                long left = deadline - System.currentTimeMillis();
                if (left <= 0 || !isAlive()) throw new IllegalStateException("no sample " + sample + " line from jrss watch; its stderr:\n" + text);
                wait(left);
            }
        }

        synchronized Mark last() { return marks.get(marks.size() - 1); }
        synchronized List<Mark> marks() { return new ArrayList<>(marks); }
        synchronized String text() { return text.toString(); }
    }

    /** utime+stime of a process in clock ticks, -1 once it is gone. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // fields from 3 (state) on
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
            String s = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor() == 0 ? Long.parseLong(s) : 100;
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return 100;
        }
    }

    static double rate(long[] a, long[] b) { return (b[1] - a[1]) / ((b[0] - a[0]) / 1e9); }

    static double cores(long[] a, long[] b, double tickMillis) { return (b[2] - a[2]) * tickMillis / ((b[0] - a[0]) / 1e6); }

    /** A duration property: 30s, 500ms, 2m, or plain seconds. */
    static long millis(String property, String def) {
        String v = System.getProperty(property, def).trim();
        if (v.endsWith("ms")) return Long.parseLong(v.substring(0, v.length() - 2));
        if (v.endsWith("s")) return Math.round(Double.parseDouble(v.substring(0, v.length() - 1)) * 1000);
        if (v.endsWith("m")) return Math.round(Double.parseDouble(v.substring(0, v.length() - 1)) * 60_000);
        return Math.round(Double.parseDouble(v) * 1000);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }
}
