// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each culprit reading costs the target (issue 28): a {@link CulpritTarget} (1 GB heap, about 700 MB live,
 * 2,000 threads) logs its safepoints ({@code -Xlog:safepoint}); each jcmd a watch sends when a finding fires (and the
 * heap dump --culprits=heap takes once at the end, into a file deleted at once) runs
 * {@code jrss.bench.rounds} times (5), and the bench prints, per command, the median time the target spent stopped
 * (the safepoints' "Total" in that command's window) beside the command's wall time, and the pause as a share of the
 * default full interval (1 minute): the most a watch adds, since each reading is taken at most once per full interval.
 *
 * Run: {@code bench/run culprits}
 */
public final class CulpritBench {
    static final Pattern TOTAL = Pattern.compile("Total: (\\d+) ns");
    /** The readings a watch takes by itself (the first four), with --culprits=histogram and with --culprits=heap (the dump, deleted). */
    static final List<String> COMMANDS = List.of("Thread.print", "VM.classloader_stats", "VM.classloaders show-classes", "Compiler.codelist",
            "GC.class_histogram", "GC.heap_dump -all");

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("jrss.bench.rounds", 5);
        Path java = Path.of(System.getProperty("java.home"), "bin");
        Path log = Files.createTempFile("jrss-culprit-bench-", ".log");
        Process target = new ProcessBuilder(java.resolve("java").toString(), "-Xms1g", "-Xmx1g", "-Xlog:safepoint:file=" + log,
                "-cp", System.getProperty("java.class.path"), CulpritTarget.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            if (!"READY".equals(r.readLine())) throw new IllegalStateException("CulpritTarget did not start");
            System.out.printf(Locale.ROOT, "target: 1 GB heap, %d MB used, 2,000 threads; %d rounds each; median of each%n",
                    used(java, target.pid()), rounds);
            System.out.printf(Locale.ROOT, "%-30s %12s %12s %18s%n", "culprit reading", "paused (ms)", "wall (ms)", "pause / 1 min");
            for (String command : COMMANDS) {
                List<Double> paused = new ArrayList<>(), wall = new ArrayList<>();
                for (int i = 0; i < rounds; i++) {
                    Path dump = log.resolveSibling("jrss-culprit-bench-" + target.pid() + "-" + i + ".hprof");
                    String line = command.startsWith("GC.heap_dump") ? command + " " + dump : command;
                    long before = Files.size(log), t0 = System.nanoTime();
                    Process jcmd = new ProcessBuilder(java.resolve("jcmd").toString(), Long.toString(target.pid()), line)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    if (!jcmd.waitFor(5, TimeUnit.MINUTES) || jcmd.exitValue() != 0) throw new IllegalStateException("jcmd " + command + " failed");
                    wall.add((System.nanoTime() - t0) / 1e6);
                    Files.deleteIfExists(dump);
                    Thread.sleep(200); // the log is written as the safepoint ends
                    paused.add(stopped(log, before) / 1e6);
                }
                double p = median(paused);
                System.out.printf(Locale.ROOT, "%-30s %12.1f %12.1f %17.4f%%%n", command, p, median(wall), 100 * p / 60_000);
            }
        } finally {
            target.destroy();
            Files.deleteIfExists(log);
        }
    }

    /** The nanoseconds the target spent at or reaching safepoints since {@code from} bytes of the log. */
    static long stopped(Path log, long from) throws Exception {
        String added = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).substring((int) from);
        long ns = 0;
        for (Matcher m = TOTAL.matcher(added); m.find(); ) ns += Long.parseLong(m.group(1));
        return ns;
    }

    static long used(Path java, long pid) throws Exception {
        Process p = new ProcessBuilder(java.resolve("jcmd").toString(), Long.toString(pid), "GC.heap_info").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("used (\\d+)K").matcher(out);
        return m.find() ? Long.parseLong(m.group(1)) / 1024 : -1;
    }

    static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        return s.get(s.size() / 2);
    }
}
