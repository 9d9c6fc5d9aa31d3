// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
 * What {@code jrss export} costs on a node with many JVMs: for each count (20, 100, 200), that many idle JVMs ({@link
 * Idle}: NMT summary, Serial GC, a 16 MiB heap), a fresh exporter at {@code --interval 30s --full-interval 5m}, and,
 * once it has taken a first (full) sample of every JVM and a warm-up (60 s), a window of one full interval: the exporter's CPU over it as a
 * share of one core (utime+stime from /proc/pid/stat), its RSS at the end, and how long a scrape of /metrics takes
 * (median of 5). The first pass's CPU is printed apart. The targets are idle, so the exporter's cost is all there is.
 *
 * Settings (system properties): jrss.bench.counts (20,100,200), jrss.bench.interval (30s), jrss.bench.fullInterval (5m),
 * jrss.bench.window (the full interval), jrss.bench.warmup (60s), jrss.bench.exporterHeap (128m, as the DaemonSet runs it), jrss.bench.workers (4),
 * jrss.bench.exporterFlags (the exporter JVM's other flags; as the DaemonSet runs it: -XX:TieredStopAtLevel=1 -XX:-UsePerfData).
 *
 * Run: {@code bench/run export-scale}
 */
public final class ExportScaleBench {
    static final Pattern FULL = Pattern.compile("(?m)^jrss_samples_total\\{[^}]*kind=\"full\"[^}]*} ([0-9.E]+)$");

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        int[] counts = Arrays.stream(System.getProperty("jrss.bench.counts", "20,100,200").split(",")).mapToInt(Integer::parseInt).toArray();
        String interval = System.getProperty("jrss.bench.interval", "30s"), fullInterval = System.getProperty("jrss.bench.fullInterval", "5m");
        long window = WatchBench.millis("jrss.bench.window", fullInterval), warmup = WatchBench.millis("jrss.bench.warmup", "60s");
        String exporterHeap = System.getProperty("jrss.bench.exporterHeap", "128m"), workers = System.getProperty("jrss.bench.workers", "4");
        String exporterFlags = System.getProperty("jrss.bench.exporterFlags", "-XX:TieredStopAtLevel=1 -XX:-UsePerfData"); // as the DaemonSet runs it
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        double tick = 1000.0 / WatchBench.clockTicks();
        List<Process> started = new CopyOnWriteArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> started.forEach(Process::destroyForcibly)));
        System.out.printf(Locale.ROOT, "idle JVMs (NMT summary, -Xmx16m, Serial GC) on %d CPUs; 'jrss export --interval %s --full-interval %s --workers %s'"
                + " with -Xmx%s; a window of %d s after the first pass and a warm-up%n", Runtime.getRuntime().availableProcessors(), interval, fullInterval, workers,
                exporterHeap, window / 1000);
        System.out.printf(Locale.ROOT, "%6s %14s %14s %12s %14s %16s%n", "JVMs", "CPU (1 core)", "ms per JVM/s", "RSS MiB", "scrape ms", "first pass CPU s");
        List<Process> targets = new ArrayList<>();
        try {
            for (int n : counts) {
                while (targets.size() < n) targets.add(idle(java, cp, started));
                int port;
                try (ServerSocket s = new ServerSocket(0)) { port = s.getLocalPort(); }
                Path log = Files.createTempFile("jrss-exportscale", ".log");
                List<String> command = new ArrayList<>(List.of(java, "-Xmx" + exporterHeap, "-XX:+UseSerialGC"));
                if (!exporterFlags.isBlank()) command.addAll(List.of(exporterFlags.strip().split("\\s+")));
                command.addAll(List.of("-jar", jar, "export", "--listen", "127.0.0.1:" + port, "--interval", interval, "--full-interval", fullInterval,
                        "--workers", workers, "--include", "^io\\.jrss\\.bench\\.Idle$"));
                Process exporter = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                started.add(exporter);
                try {
                    String metrics = "http://127.0.0.1:" + port + "/metrics";
                    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
                    while (fullySampled(metrics) < n) {
                        if (System.nanoTime() > deadline || !exporter.isAlive()) throw new IllegalStateException("no first pass of " + n + "; " + Files.readString(log));
                        Thread.sleep(500);
                    }
                    double firstPass = WatchBench.cpuTicks(exporter.pid()) * tick / 1000;
                    Thread.sleep(warmup); // the JIT compiles the sampling paths meanwhile: a node's exporter runs for days
                    long c0 = WatchBench.cpuTicks(exporter.pid()), t0 = System.nanoTime();
                    Thread.sleep(window);
                    long c1 = WatchBench.cpuTicks(exporter.pid()), t1 = System.nanoTime();
                    double cores = (c1 - c0) * tick / ((t1 - t0) / 1e6);
                    double[] scrape = new double[5];
                    for (int i = 0; i < scrape.length; i++) {
                        long s0 = System.nanoTime();
                        ExportBench.HTTP.send(HttpRequest.newBuilder(URI.create(metrics)).build(), HttpResponse.BodyHandlers.ofString());
                        scrape[i] = (System.nanoTime() - s0) / 1e6;
                    }
                    System.out.printf(Locale.ROOT, "%6d %13.2f%% %14.3f %12.0f %14.1f %16.1f%n", n, cores * 100, cores * 1000 / n, ExportBench.rssMiB(exporter.pid()),
                            WatchBench.median(scrape), firstPass);
                } finally {
                    exporter.destroy();
                    exporter.waitFor(10, TimeUnit.SECONDS);
                }
            }
        } finally {
            targets.forEach(Process::destroy);
        }
    }

    /** How many JVMs have had a full sample, from the exporter's own counters. */
    static int fullySampled(String url) {
        try {
            String body = ExportBench.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body();
            int n = 0;
            for (Matcher m = FULL.matcher(body); m.find(); ) if (Double.parseDouble(m.group(1)) >= 1) n++;
            return n;
        } catch (IOException | InterruptedException e) {
            return 0; // not serving yet
        }
    }

    static Process idle(String java, String cp, List<Process> started) throws IOException {
        Process p = new ProcessBuilder(java, "-XX:NativeMemoryTracking=summary", "-Xmx16m", "-Xss256k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-XX:CICompilerCount=1", "-cp", cp, "io.jrss.bench.Idle").redirectErrorStream(true).start();
        started.add(p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null && !line.equals("READY")) { /* start-up output */ }
        if (line == null) throw new IOException("an idle JVM exited before READY");
        return p;
    }
}
