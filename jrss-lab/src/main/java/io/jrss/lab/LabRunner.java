// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Starts a scenario in a child JVM with its flags and NMT summary, inside its cgroup when it needs one, waits for
 * READY, and stops it on close (also on Ctrl-C of the parent, through a shutdown hook). The child's output is
 * passed to {@code echo} line by line.
 */
public final class LabRunner implements AutoCloseable {
    private final Process process;
    private final LabCgroup cgroup;
    private final Thread hook;

    private LabRunner(Process process, LabCgroup cgroup) {
        this.process = process;
        this.cgroup = cgroup;
        this.hook = new Thread(this::stop, "jrss-lab-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * @param javaHome  the JDK to run it on
     * @param classpath where the lab classes are
     * @param env       extra environment, e.g. LD_PRELOAD of an allocator, on top of the scenario's own {@link Scenario#env()}
     */
    public static LabRunner start(Scenario s, Path javaHome, String classpath, Map<String, String> env, Duration readyTimeout,
                                  PrintStream echo) throws IOException, InterruptedException {
        String why = LabCgroup.unsupported(s.container());
        if (why != null) throw new IOException("scenario " + s.name() + " " + why);
        List<String> cmd = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), "-XX:NativeMemoryTracking=summary"));
        cmd.addAll(s.jvmFlags());
        cmd.addAll(List.of("-cp", classpath, s.mainClass()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(s.env());
        pb.environment().putAll(env);
        LabCgroup cg = s.container() == Scenario.Container.NONE ? null : LabCgroup.create(s.container(), "jrss-lab-" + ProcessHandle.current().pid() + "-" + s.name());
        if (cg != null) pb.environment().put(LabCgroup.ENV, cg.path()); // a scenario that must fill its cgroup waits to be in it
        Process p = pb.start();
        LabRunner runner = new LabRunner(p, cg);
        try {
            if (cg != null) cg.add(p.pid()); // before READY, so the scenario reaches its state inside the cgroup
            CountDownLatch ready = new CountDownLatch(1);
            Thread pump = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        if (echo != null) echo.println(line);
                        if (line.strip().equals("READY")) ready.countDown();
                    }
                } catch (IOException ignored) { /* the child ended */ }
            }, "jrss-lab-output");
            pump.setDaemon(true);
            pump.start();
            long deadline = System.nanoTime() + readyTimeout.toNanos();
            while (!ready.await(50, TimeUnit.MILLISECONDS)) {
                if (!p.isAlive()) throw new IOException("scenario " + s.name() + " exited with code " + p.exitValue() + " before READY");
                if (System.nanoTime() > deadline) throw new IOException("scenario " + s.name() + " was not READY within " + readyTimeout.toSeconds() + " s");
            }
            return runner;
        } catch (IOException | InterruptedException | RuntimeException e) {
            runner.close();
            throw e;
        }
    }

    public long pid() { return process.pid(); }

    public boolean isAlive() { return process.isAlive(); }

    /** Where the scenario runs, for the user: e.g. "cpu cgroup /sys/fs/cgroup/cpu/jrss-lab-1-cpu-throttling". */
    public String where() { return cgroup == null ? "no cgroup" : cgroup.describe(); }

    /** Waits for the scenario to exit by itself, at most {@code d}; true if it did. */
    public boolean waitFor(Duration d) throws InterruptedException { return process.waitFor(d.toMillis(), TimeUnit.MILLISECONDS); }

    /** The scenario's exit status, once it has exited (batch mode: 0). */
    public int exitValue() { return process.exitValue(); }

    private void stop() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
        }
        if (cgroup != null) cgroup.close();
    }

    @Override public void close() {
        stop();
        try { Runtime.getRuntime().removeShutdownHook(hook); } catch (IllegalStateException ignored) { /* shutting down */ }
    }
}
