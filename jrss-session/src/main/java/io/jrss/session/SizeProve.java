// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.model.Bytes;
import io.jrss.core.result.SizeProof;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Kubernetes node: over the limit is a kill, not a slow run.
 */
public final class SizeProve {
    /** @param limit the limit of the runs (null: none); javaOptions and env what the recommendation gives; timeout per run */
    public record Options(List<String> command, Bytes limit, List<String> javaOptions, Map<String, String> env, int repeat, Pattern metric, Duration timeout) {}

    private SizeProve() {}

    /** Why this machine cannot run --prove, or null: it needs a memory cgroup it may create (root on v1, a delegated v2 subtree). */
    public static String unsupported() { return ProveCgroup.unsupported(); }

    public static SizeProof run(Options o, SizeProof.Run free, PrintWriter progress) throws IOException, InterruptedException {
        List<SizeProof.Run> runs = new ArrayList<>();
        for (int i = 1; i <= o.repeat(); i++) {
            progress.println("jrss size: proof run " + i + " of " + o.repeat() + " under " + o.limit().toIec() + " ...");
            progress.flush();
            runs.add(once(i, o));
        }
        return new SizeProof(o.limit(), o.javaOptions(), free, runs);
    }

    /** One run; {@code o.limit()} null for the unconstrained run (a cgroup of its own all the same, to measure it alike). */
    public static SizeProof.Run once(int n, Options o) throws IOException, InterruptedException {
        try (ProveCgroup cg = ProveCgroup.create("jrss-size-" + ProcessHandle.current().pid() + "-" + n, o.limit())) {
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", "echo $$ > '" + cg.procs() + "' && exec \"$0\" \"$@\""));
            cmd.addAll(o.command());
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            String existing = System.getenv("JAVA_TOOL_OPTIONS");
            if (!o.javaOptions().isEmpty()) {
                pb.environment().put("JAVA_TOOL_OPTIONS", String.join(" ", o.javaOptions()) + (existing == null || existing.isBlank() ? "" : " " + existing));
            }
            pb.environment().putAll(o.env());
            long t0 = System.nanoTime();
            Process p = pb.start();
            MetricScan metric = new MetricScan(o.metric());
            Thread reader = new Thread(() -> drain(p, metric), "jrss-size-output");
            reader.setDaemon(true);
            reader.start();
            boolean ended = p.waitFor(o.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) { p.destroyForcibly(); p.waitFor(10, TimeUnit.SECONDS); }
            reader.join(2000);
            double wall = (System.nanoTime() - t0) / 1e9;
            long kills = cg.oomKills();
            String detail = !ended ? "stopped at the " + o.timeout().toSeconds() + " s timeout" : kills > 0 ? "killed by the kernel's OOM killer at the limit" : "exited";
            return new SizeProof.Run(n, Bytes.of(cg.peakUsage()), kills, ended ? p.exitValue() : -1, wall, metric.last(), detail);
        }
    }

    private static void drain(Process p, MetricScan metric) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) metric.scan(line);
        } catch (IOException e) {
            // the process is gone
        }
    }

    /** A memory cgroup of its own for one run: v1 where the memory controller is writable there, else a v2 child of this process's cgroup. */
    static final class ProveCgroup implements AutoCloseable {
        static final Path V1 = Path.of("/sys/fs/cgroup/memory");
        private final Path dir;
        private final int version;

        private ProveCgroup(Path dir, int version) { this.dir = dir; this.version = version; }

        static String unsupported() {
            if (Files.isWritable(V1) && Files.exists(V1.resolve("cgroup.procs"))) return null;
            Path v2 = v2Parent();
            return v2 != null ? null : "--prove runs the program in a memory cgroup of its own: it needs root on a cgroup v1 host ("
                    + V1 + " writable), or a delegated cgroup v2 subtree with the memory controller";
        }

        static Path v2Parent() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                    if (!line.startsWith("0::")) continue;
                    Path dir = Path.of("/sys/fs/cgroup" + line.substring(3));
                    String controllers = Files.isReadable(dir.resolve("cgroup.subtree_control")) ? Files.readString(dir.resolve("cgroup.subtree_control")) : "";
                    return Files.isWritable(dir) && controllers.contains("memory") ? dir : null;
                }
            } catch (IOException e) {
                return null;
            }
            return null;
        }

        static ProveCgroup create(String name, Bytes limit) throws IOException {
            boolean v1 = Files.isWritable(V1) && Files.exists(V1.resolve("cgroup.procs"));
            Path parent = v1 ? V1 : v2Parent();
            if (parent == null) throw new IOException(unsupported());
            ProveCgroup cg = new ProveCgroup(parent.resolve(name), v1 ? 1 : 2);
            Files.createDirectory(cg.dir);
            try {
                if (v1) {
                    if (limit != null) Files.writeString(cg.dir.resolve("memory.limit_in_bytes"), Long.toString(limit.value()));
                    Files.writeString(cg.dir.resolve("memory.swappiness"), "0");
                } else {
                    if (limit != null) Files.writeString(cg.dir.resolve("memory.max"), Long.toString(limit.value()));
                    if (Files.exists(cg.dir.resolve("memory.swap.max"))) Files.writeString(cg.dir.resolve("memory.swap.max"), "0");
                }
                return cg;
            } catch (IOException | RuntimeException e) {
                cg.close();
                throw e;
            }
        }

        Path procs() { return dir.resolve("cgroup.procs"); }

        /** The cgroup's highest usage: memory.max_usage_in_bytes (v1), memory.peak (v2, Linux 5.19+), else -1. */
        long peakUsage() { return number(version == 1 ? "memory.max_usage_in_bytes" : "memory.peak"); }

        long oomKills() {
            try {
                for (String line : Files.readAllLines(dir.resolve(version == 1 ? "memory.oom_control" : "memory.events"))) {
                    if (line.startsWith("oom_kill ")) return Long.parseLong(line.substring(9).strip());
                }
            } catch (IOException | NumberFormatException e) {
                return 0;
            }
            return 0;
        }

        private long number(String file) {
            try {
                return Long.parseLong(Files.readString(dir.resolve(file)).strip());
            } catch (IOException | NumberFormatException e) {
                return -1;
            }
        }

        @Override public void close() {
            for (int i = 0; i < 50; i++) {
                try {
                    Files.deleteIfExists(dir);
                    return;
                } catch (IOException busy) {
                    try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); return; }
                }
            }
        }
    }
}
