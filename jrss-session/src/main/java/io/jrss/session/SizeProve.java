// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.model.Bytes;
import io.jrss.core.result.SizeProof;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * jrss size --prove: the program again, {@code repeat} times, each in a memory cgroup of its own with the limit, the
 * flags in JAVA_TOOL_OPTIONS and the environment; each run's peak usage, the kernel's OOM kills, its time and the
 * --metric, as compare reports arms. Swap is off in the cgroup (swappiness 0 on v1, memory.swap.max 0 on v2), as on a
 * Kubernetes node: over the limit is a kill, not a slow run. {@link #stop} (Ctrl-C) ends the run under way and skips the
 * rest: no program is left running in a cgroup nobody removes.
 */
public final class SizeProve {
    /** @param limit the limit of the runs (null: none); javaOptions and env what the recommendation gives; timeout per run */
    public record Options(List<String> command, Bytes limit, List<String> javaOptions, Map<String, String> env, int repeat, Pattern metric, Duration timeout) {}

    private volatile Process current;
    private volatile boolean stopped;

    /** Ends the run under way, and the runs after it; safe from any thread (a signal handler). */
    public void stop() {
        stopped = true;
        Process p = current;
        if (p != null) p.destroy();
    }

    /** Why this machine cannot run --prove, or null: it needs a memory cgroup it may create (root on v1, a delegated v2 subtree). */
    public static String unsupported() { return ProveCgroup.unsupported(); }

    public SizeProof run(Options o, SizeProof.Run free, PrintWriter progress) throws IOException, InterruptedException {
        List<SizeProof.Run> runs = new ArrayList<>();
        for (int i = 1; i <= o.repeat() && !stopped; i++) {
            progress.println("jrss size: proof run " + i + " of " + o.repeat() + " under " + o.limit().toIec() + " ...");
            progress.flush();
            runs.add(once(i, o));
        }
        return new SizeProof(o.limit(), o.javaOptions(), free, runs);
    }

    /** One run; {@code o.limit()} null for the unconstrained run (a cgroup of its own all the same, to measure it alike). */
    public SizeProof.Run once(int n, Options o) throws IOException, InterruptedException {
        try (ProveCgroup cg = ProveCgroup.create("jrss-size-" + ProcessHandle.current().pid() + "-" + n, o.limit())) {
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", "echo $$ > '" + cg.procs() + "' && exec \"$0\" \"$@\""));
            cmd.addAll(o.command());
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (!o.javaOptions().isEmpty()) pb.environment().put("JAVA_TOOL_OPTIONS", javaToolOptions(o.javaOptions()));
            pb.environment().putAll(o.env());
            long t0 = System.nanoTime();
            if (stopped) return new SizeProof.Run(n, Bytes.ZERO, 0, -1, 0, null, "not run: stopped");
            Process p = pb.start();
            current = p;
            if (stopped) p.destroy();
            MetricScan metric = new MetricScan(o.metric());
            java.util.ArrayDeque<String> tail = new java.util.ArrayDeque<>();
            Thread reader = new Thread(() -> drain(p, metric, tail), "jrss-size-output");
            reader.setDaemon(true);
            reader.start();
            boolean ended = p.waitFor(o.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) { p.destroyForcibly(); p.waitFor(10, TimeUnit.SECONDS); }
            reader.join(2000);
            double wall = (System.nanoTime() - t0) / 1e9;
            long kills = cg.oomKills();
            current = null;
            String detail = stopped ? "stopped (Ctrl-C)" : !ended ? "stopped at the " + o.timeout().toSeconds() + " s timeout" : kills > 0 ? "killed by the kernel's OOM killer at the limit"
                    : p.exitValue() == 0 ? "exited" : "exited with status " + p.exitValue() + lastOutput(tail);
            return new SizeProof.Run(n, Bytes.of(cg.peakUsage()), kills, ended ? p.exitValue() : -1, wall, metric.last(), detail);
        }
    }

    /** JAVA_TOOL_OPTIONS for a run: these flags first, then what jrss's own environment already gives it. */
    static String javaToolOptions(List<String> flags) {
        String existing = System.getenv("JAVA_TOOL_OPTIONS");
        return String.join(" ", flags) + (existing == null || existing.isBlank() ? "" : " " + existing);
    }

    /** The program's last lines of output, for a run that failed: "Java heap space" says more than its exit status. */
    private static String lastOutput(java.util.ArrayDeque<String> tail) {
        synchronized (tail) {
            return tail.isEmpty() ? "" : "; its last output: " + String.join(" | ", tail);
        }
    }

    private static void drain(Process p, MetricScan metric, java.util.ArrayDeque<String> tail) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                metric.scan(line);
                if (line.isBlank() || line.startsWith("\tat ")) continue;
                synchronized (tail) {
                    tail.addLast(line.length() > 200 ? line.substring(0, 200) : line);
                    if (tail.size() > 3) tail.removeFirst();
                }
            }
        } catch (IOException e) {
            // the process is gone
        }
    }
}
