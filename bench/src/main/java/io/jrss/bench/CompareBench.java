// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jrss compare} adds on top of running the arms by hand. A {@link FixedWork} batch program runs under the
 * arms glibc and jemalloc, alternately by hand (the arm's environment, the program alone) and under
 * {@code jrss compare --arms glibc,jemalloc --metric 'work: ([0-9.]+)'} (NMT on, sampled every second, as compare
 * runs it), for several rounds. Printed side by side: the program's own rate (MB/s) by hand and under compare, per
 * arm, and the whole compare process's wall time against the sum of the same runs by hand. Medians over rounds.
 *
 * Settings: jrss.bench.rounds (default 3), jrss.bench.mib (MiB per thread, default 96), jrss.bench.compareArgs (more
 * options for compare, space-separated, e.g. "--no-nmt --interval 5s" to tell NMT's share from sampling's).
 * Run: {@code bench/run compare}
 */
public final class CompareBench {
    static final Pattern RATE = Pattern.compile("work: ([0-9.]+) MB/s");
    static final Pattern METRIC = Pattern.compile("\"name\" : \"(\\w+)\"[\\s\\S]*?\"wall_seconds\" : ([0-9.]+)[\\s\\S]*?\"metric\" : ([0-9.]+)");

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        int rounds = Integer.getInteger("jrss.bench.rounds", 3);
        String mib = System.getProperty("jrss.bench.mib", "96"), extra = System.getProperty("jrss.bench.compareArgs", "");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> program = List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), FixedWork.class.getName(), mib);
        Map<String, Map<String, String>> arms = Map.of("glibc", Map.of(), "jemalloc", Map.of("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"));
        List<String> order = List.of("glibc", "jemalloc");
        double[][] handRate = new double[2][rounds], cmpRate = new double[2][rounds];
        double[] handWall = new double[rounds], cmpWall = new double[rounds];
        System.out.printf(Locale.ROOT, "program: FixedWork, %s MiB of zlib per thread, %d threads; %d rounds, each by hand then under compare %s%n",
                mib, Runtime.getRuntime().availableProcessors(), rounds, extra.isBlank() ? "(its defaults: NMT summary on, a sample every 1 s)" : extra);
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int a = 0; a < 2; a++) {
                ProcessBuilder pb = new ProcessBuilder(program).redirectErrorStream(true);
                pb.environment().putAll(arms.get(order.get(a)));
                Process p = pb.start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                p.waitFor();
                handRate[a][r] = rate(out);
            }
            handWall[r] = (System.nanoTime() - t0) / 1e9;
            Path json = Files.createTempFile("jrss-comparebench", ".json");
            try {
                List<String> cmd = new ArrayList<>(List.of(java, "-jar", jar, "compare", "--arms", "glibc,jemalloc", "--metric", "work: ([0-9.]+)", "--json"));
                if (!extra.isBlank()) cmd.addAll(List.of(extra.strip().split("\\s+")));
                cmd.add("--");
                cmd.addAll(program);
                long c0 = System.nanoTime();
                Process c = new ProcessBuilder(cmd).redirectOutput(json.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                if (c.waitFor() != 0) throw new IllegalStateException("jrss compare exited " + c.exitValue());
                cmpWall[r] = (System.nanoTime() - c0) / 1e9;
                Matcher m = METRIC.matcher(Files.readString(json));
                for (int a = 0; a < 2 && m.find(); a++) cmpRate[order.indexOf(m.group(1))][r] = Double.parseDouble(m.group(3));
            } finally {
                Files.deleteIfExists(json);
            }
            System.out.printf(Locale.ROOT, "round %d: by hand %.0f / %.0f MB/s in %.1f s; under compare %.0f / %.0f MB/s in %.1f s (glibc / jemalloc)%n",
                    r + 1, handRate[0][r], handRate[1][r], handWall[r], cmpRate[0][r], cmpRate[1][r], cmpWall[r]);
        }
        for (int a = 0; a < 2; a++) {
            double h = median(handRate[a]), c = median(cmpRate[a]);
            System.out.printf(Locale.ROOT, "%-8s program rate: by hand median %.0f MB/s, under compare %.0f MB/s, ratio %.3f%n", order.get(a), h, c, c / h);
        }
        System.out.printf(Locale.ROOT, "wall of both arms: by hand median %.1f s, compare %.1f s, ratio %.3f (compare's JVM start, attach and reports included)%n",
                median(handWall), median(cmpWall), median(cmpWall) / median(handWall));
    }

    static double rate(String out) throws IOException {
        Matcher m = RATE.matcher(out);
        if (!m.find()) throw new IOException("no rate in the program's output: " + out);
        return Double.parseDouble(m.group(1));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
