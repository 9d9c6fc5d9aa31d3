// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jrss export} costs a node: N {@link Throughput} JVMs (one busy thread each, NMT summary, a small fixed
 * heap) share the machine's cores, so every cycle the exporter takes is one they lose. Their summed throughput is
 * measured in equal windows, alternately without the exporter and with the real jar exporting them all at the given
 * interval, starting and ending without it: each window with the exporter is compared with the mean of the windows just
 * before and after it, which cancels a slow drift of the machine (seen here: 3% over ten minutes). Each window with the exporter starts once it has taken its first (full) sample of every JVM and then
 * one interval more, so its JVM start-up and the first ledgers fall outside; those are printed apart. Printed: the
 * throughput of each window and the median ratio with each round's, the exporter's share of the machine's CPU (the
 * most it can take from the targets), the exporter's CPU (utime+stime from
 * /proc/pid/stat) per sample and in cores, its RSS at the end of each window, and the samples it took, counted from
 * its own jrss_samples_total.
 *
 * Settings (system properties): jrss.bench.jvms (20), jrss.bench.interval (30s), jrss.bench.fullInterval (5m),
 * jrss.bench.window (60s), jrss.bench.rounds (3), jrss.bench.warmup (20s), jrss.bench.heap (32m),
 * jrss.bench.exporterHeap (128m, as the DaemonSet runs it).
 *
 * Run: {@code bench/run export}
 */
public final class ExportBench {
    static final Pattern SAMPLES = Pattern.compile("(?m)^jrss_samples_total\\{[^}]*} ([0-9.E]+)$");
    static final HttpClient HTTP = HttpClient.newHttpClient();

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        int jvms = Integer.getInteger("jrss.bench.jvms", 20), rounds = Integer.getInteger("jrss.bench.rounds", 3);
        long warmup = WatchBench.millis("jrss.bench.warmup", "20s"), window = WatchBench.millis("jrss.bench.window", "60s");
        String interval = System.getProperty("jrss.bench.interval", "30s"), fullInterval = System.getProperty("jrss.bench.fullInterval", "5m");
        String heap = System.getProperty("jrss.bench.heap", "32m"), exporterHeap = System.getProperty("jrss.bench.exporterHeap", "128m");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double tick = 1000.0 / WatchBench.clockTicks();

        List<Process> started = new CopyOnWriteArrayList<>();
        Thread reaper = new Thread(() -> started.forEach(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            List<Target> targets = new ArrayList<>();
            for (int i = 0; i < jvms; i++) {
                Process p = new ProcessBuilder(java, "-XX:NativeMemoryTracking=summary", "-Xms" + heap, "-Xmx" + heap, "-XX:+UseSerialGC", "-cp",
                        System.getProperty("java.class.path"), Throughput.class.getName(), "1").redirectError(ProcessBuilder.Redirect.INHERIT).start();
                started.add(p);
                targets.add(new Target(p));
            }
            for (Target t : targets) if (!"READY".equals(t.in.readLine())) throw new IllegalStateException("a target did not start");
            System.out.printf(Locale.ROOT, "%d targets (one busy thread each, -Xmx%s, NMT summary) on %d CPUs; 'jrss export --interval %s"
                    + " --full-interval %s' with -Xmx%s; warm-up %d s, then windows of %d s: without, and %d rounds of with and without it%n",
                    jvms, heap, Runtime.getRuntime().availableProcessors(), interval, fullInterval, exporterHeap, warmup / 1000, window / 1000, rounds);
            Thread.sleep(warmup);

            double[] without = new double[rounds + 1], with = new double[rounds], perSample = new double[rounds], cores = new double[rounds];
            double[] rss = new double[rounds], firstPass = new double[rounds];
            without[0] = without(targets, window, 0);
            for (int i = 0; i < rounds; i++) {
                double[] a;

                int port;
                try (ServerSocket s = new ServerSocket(0)) { port = s.getLocalPort(); }
                Path log = Files.createTempFile("jrss-exportbench", ".log");
                Process exporter = new ProcessBuilder(java, "-Xmx" + exporterHeap, "-XX:+UseSerialGC", "-jar", jar, "export", "--listen",
                        "127.0.0.1:" + port, "--interval", interval, "--full-interval", fullInterval, "--include", "^io\\.jrss\\.bench\\.Throughput$")
                        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
                started.add(exporter);
                try {
                    String metrics = "http://127.0.0.1:" + port + "/metrics";
                    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                    while (samples(metrics) < jvms) {
                        if (System.nanoTime() > deadline || !exporter.isAlive()) throw new IllegalStateException("no first pass; " + Files.readString(log));
                        Thread.sleep(200);
                    }
                    firstPass[i] = WatchBench.cpuTicks(exporter.pid()) * tick;
                    Thread.sleep(WatchBench.millis("jrss.bench.interval", interval)); // the first ledgers are done: steady from here
                    double s0 = samples(metrics);
                    long c0 = WatchBench.cpuTicks(exporter.pid());
                    a = ops(targets);
                    Thread.sleep(window);
                    double[] b = ops(targets);
                    long c1 = WatchBench.cpuTicks(exporter.pid());
                    double s1 = samples(metrics);
                    with[i] = rate(a, b);
                    perSample[i] = (c1 - c0) * tick / Math.max(1, s1 - s0);
                    cores[i] = (c1 - c0) * tick / ((b[0] - a[0]) / 1e6);
                    rss[i] = rssMiB(exporter.pid());
                    System.out.printf(Locale.ROOT, "round %d with export:     %,12.0f ops/s; exporter %.0f samples in the window, %.1f ms CPU per sample,"
                            + " %.4f cores, RSS %.0f MiB; %.0f ms CPU to its first sample of every JVM%n",
                            i + 1, with[i], s1 - s0, perSample[i], cores[i], rss[i], firstPass[i]);
                } finally {
                    exporter.destroy();
                    exporter.waitFor(30, TimeUnit.SECONDS);
                    Files.deleteIfExists(log);
                }
                without[i + 1] = without(targets, window, i + 1);
            }
            double[] ratios = new double[rounds];
            for (int i = 0; i < rounds; i++) ratios[i] = with[i] / ((without[i] + without[i + 1]) / 2);
            System.out.printf(Locale.ROOT, "targets' throughput with / without the exporter: median %.4f (rounds: %s)%n", WatchBench.median(ratios), list(ratios));
            System.out.printf(Locale.ROOT, "exporter: median %.1f ms CPU per sample, %.4f cores for %d JVMs at %s (%.2f%% of the machine's %d CPUs),"
                    + " RSS %.0f MiB (max %.0f)%n", WatchBench.median(perSample), WatchBench.median(cores), jvms, interval,
                    100 * WatchBench.median(cores) / Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().availableProcessors(),
                    WatchBench.median(rss), max(rss));
        } finally {
            started.forEach(Process::destroyForcibly);
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }

    static double without(List<Target> targets, long window, int n) throws Exception {
        double[] a = ops(targets);
        Thread.sleep(window);
        double r = rate(a, ops(targets));
        System.out.printf(Locale.ROOT, "window %d without export: %,12.0f ops/s%n", n, r);
        return r;
    }

    /** One target: its stdin to ask, its stdout to read "nanoTime ops". */
    record Target(Process p, BufferedReader in, BufferedWriter out) {
        Target(Process p) {
            this(p, new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)),
                    new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)));
        }
    }

    /** [0] = the bench's nanoTime, [1] = the targets' operations summed. */
    static double[] ops(List<Target> targets) throws IOException {
        double sum = 0;
        for (Target t : targets) { t.out.newLine(); t.out.flush(); }
        for (Target t : targets) sum += Long.parseLong(t.in.readLine().split(" ")[1]);
        return new double[] {System.nanoTime(), sum};
    }

    static double rate(double[] a, double[] b) { return (b[1] - a[1]) / ((b[0] - a[0]) / 1e9); }

    static double samples(String url) {
        try {
            String body = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body();
            double n = 0;
            for (Matcher m = SAMPLES.matcher(body); m.find(); ) n += Double.parseDouble(m.group(1));
            return n;
        } catch (IOException | InterruptedException e) {
            return 0; // not serving yet
        }
    }

    static double rssMiB(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("\\D", "")) / 1024.0;
        }
        return -1;
    }

    static String list(double[] v) {
        StringBuilder b = new StringBuilder();
        for (double x : v) b.append(b.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4f", x));
        return b.toString();
    }

    static double max(double[] v) { double m = v[0]; for (double x : v) m = Math.max(m, x); return m; }
}
