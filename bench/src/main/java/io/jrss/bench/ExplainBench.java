// SPDX-License-Identifier: Apache-2.0
package io.jrss.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How long {@code jrss explain} takes on a live JVM with 1,000 threads, against gathering the same readings by hand:
 * one {@code jcmd} process per diagnostic command and {@code cat} for each /proc file, as people do by hand.
 * Both sides run alternately in one process, several rounds; each round's ratio pairs the two, and the median ratio
 * is printed with its range. jrss runs as a person runs it, through the launcher (with its class-data archive), and
 * as {@code java -jar} beside it, to show what the archive buys.
 *
 * Run: {@code bench/run} (or {@code java -cp bench/target/classes io.jrss.bench.ExplainBench jrss-cli/target/jrss.jar})
 */
public final class ExplainBench {
    static final List<String> JCMDS = List.of("VM.version", "VM.flags", "VM.command_line", "VM.system_properties",
            "GC.heap_info", "VM.metaspace", "Compiler.codecache", "VM.native_memory summary", "VM.info");
    static final List<String> PROC = List.of("status", "smaps_rollup", "smaps", "cmdline", "environ", "cgroup");

    public static void main(String[] args) throws Exception {
        String jar = args.length > 0 ? args[0] : "jrss-cli/target/jrss.jar";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        // What a person types: the launcher, with its class-data archive; and the bare jar beside it, to show what that buys.
        String launcher = launcher(jar);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        Process target = new ProcessBuilder(java, "-XX:NativeMemoryTracking=summary", "-Xmx128m", "-cp",
                System.getProperty("java.class.path"), ManyThreads.class.getName(), "1000").redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(target.getInputStream()));
            if (!"READY".equals(r.readLine())) throw new IllegalStateException("target did not start");
            String pid = Long.toString(target.pid());
            run(List.of(launcher, "explain", pid, "--json")); // warm the attach listener, the page cache and the archive
            // Another JDK for jrss itself, when there is one (-Djrss.bench.java2=<java>, default a JDK 25): its archive differs.
            String java2 = System.getProperty("jrss.bench.java2", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
            boolean other = java2 != null && !java2.isEmpty() && Files.isExecutable(Path.of(java2));
            if (other) run(List.of("env", "JRSS_JAVA=" + java2, launcher, "explain", pid, "--json"));
            long[] jrss = new long[rounds], bare = new long[rounds], byHand = new long[rounds], second = new long[rounds];
            double[] ratio = new double[rounds];
            System.out.printf(Locale.ROOT, "target: 1000 threads, NMT summary, pid %s, %d rounds, each side alternately%n", pid, rounds);
            System.out.printf(Locale.ROOT, "%5s %14s %16s %14s %8s%n", "round", "./jrss (ms)", "java -jar (ms)", "by hand (ms)", "ratio");
            for (int i = 0; i < rounds; i++) {
                jrss[i] = run(List.of(launcher, "explain", pid, "--json"));
                long t = 0;
                for (String c : JCMDS) {
                    List<String> cmd = new ArrayList<>(List.of(jcmd, pid));
                    cmd.addAll(Arrays.asList(c.split(" ")));
                    t += run(cmd);
                }
                for (String f : PROC) t += run(List.of("cat", "/proc/" + pid + "/" + f));
                byHand[i] = t;
                bare[i] = run(List.of(java, "-jar", jar, "explain", pid, "--json"));
                if (other) second[i] = run(List.of("env", "JRSS_JAVA=" + java2, launcher, "explain", pid, "--json"));
                ratio[i] = (double) jrss[i] / byHand[i];
                System.out.printf(Locale.ROOT, "%5d %14.0f %16.0f %14.0f %8.2f%n", i + 1, jrss[i] / 1e6, bare[i] / 1e6, byHand[i] / 1e6, ratio[i]);
            }
            double[] sorted = ratio.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "./jrss explain --json (one process, all readings, ledger, rules): median %7.0f ms%n", median(jrss) / 1e6);
            System.out.printf(Locale.ROOT, "java -jar jrss.jar explain --json (no class-data archive):        median %7.0f ms%n", median(bare) / 1e6);
            System.out.printf(Locale.ROOT, "by hand (%d jcmd processes + %d cat of /proc):                    median %7.0f ms%n",
                    JCMDS.size(), PROC.size(), median(byHand) / 1e6);
            if (other) {
                double[] r2 = new double[rounds];
                for (int i = 0; i < rounds; i++) r2[i] = (double) second[i] / byHand[i];
                Arrays.sort(r2);
                System.out.printf(Locale.ROOT, "JRSS_JAVA=%s ./jrss explain --json: median %.0f ms, ratio to by hand: median %.2f (min %.2f, max %.2f)%n",
                        java2, median(second) / 1e6, r2[rounds / 2], r2[0], r2[rounds - 1]);
            }
            System.out.printf(Locale.ROOT, "ratio ./jrss / by hand, paired by round: median %.2f (min %.2f, max %.2f)%n",
                    sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2,
                    sorted[0], sorted[sorted.length - 1]);
        } finally {
            target.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The launcher a person types, {@code ./jrss}, beside the jar's module: {@code <repo>/jrss-cli/target/jrss.jar}. */
    static String launcher(String jar) {
        return Path.of(jar).toAbsolutePath().getParent().getParent().getParent().resolve("jrss").toString();
    }

    static long run(List<String> cmd) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor() != 0) throw new IllegalStateException(String.join(" ", cmd) + " exited " + p.exitValue());
        return System.nanoTime() - t0;
    }

    static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }
}
