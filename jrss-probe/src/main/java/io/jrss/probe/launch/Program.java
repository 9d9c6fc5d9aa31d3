// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A program jrss started for the user ({@code jrss run}, {@code jrss compare}): its stdin is jrss's, its stdout is
 * pumped to {@code output} (jrss's stdout carries only the report) or read line by line, and it does not outlive
 * jrss: closing it, or jrss ending on Ctrl-C, sends SIGTERM and then SIGKILL after 10 s.
 */
public final class Program implements AutoCloseable {
    /** Where a program's output goes line by line ({@code jrss compare} reads it for --metric and allocator statistics). */
    public interface Lines {
        void line(String line);

        /** The stream ended. */
        default void closed() {}
    }

    private final Process process;
    private final List<Thread> pumps;
    private final Thread hook;

    private Program(Process process, List<Thread> pumps) {
        this.process = process;
        this.pumps = pumps;
        this.hook = new Thread(this::terminate, "jrss-run-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code command} with {@code env} on top of jrss's own environment; its stderr is jrss's. */
    public static Program start(List<String> command, Map<String, String> env, OutputStream output) throws IOException {
        Process p = launch(command, env, ProcessBuilder.Redirect.INHERIT);
        return new Program(p, List.of(pump(p.getInputStream(), output)));
    }

    /** Starts {@code command} with {@code env} and both its outputs read line by line (UTF-8). */
    public static Program start(List<String> command, Map<String, String> env, Lines stdout, Lines stderr) throws IOException {
        Process p = launch(command, env, ProcessBuilder.Redirect.PIPE);
        return new Program(p, List.of(lines(p.getInputStream(), stdout, "jrss-run-stdout"), lines(p.getErrorStream(), stderr, "jrss-run-stderr")));
    }

    private static Process launch(List<String> command, Map<String, String> env, ProcessBuilder.Redirect err) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).redirectError(err);
        pb.environment().putAll(env);
        try {
            return pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start " + command.get(0) + ": " + e.getMessage());
        }
    }

    public long pid() { return process.pid(); }

    public boolean isAlive() { return process.isAlive(); }

    /** The exit status, once the program has exited. */
    public int exitValue() { return process.exitValue(); }

    /** The program and its descendants, the program first: where a script's JVM may be. */
    public List<Long> family() {
        List<Long> pids = new ArrayList<>(List.of(process.pid()));
        process.descendants().forEach(d -> pids.add(d.pid()));
        return pids;
    }

    /** {@code detail} with the exit status appended once the program has exited (waiting at most 2 s for it). */
    public String exited(String detail) {
        try {
            if (process.waitFor(2, TimeUnit.SECONDS)) return detail + " with status " + process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return detail;
    }

    /**
     * SIGTERM to the program and every descendant (a script's JVM is a grandchild, and a shell killed in {@code wait}
     * leaves it running), then SIGKILL to what is left after 10 s; returns once they are gone (or 15 s have passed).
     */
    public void terminate() {
        List<ProcessHandle> family = new ArrayList<>(process.descendants().toList());
        family.add(0, process.toHandle());
        if (family.stream().noneMatch(ProcessHandle::isAlive)) return;
        family.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try {
            for (ProcessHandle h : family) {
                long left = deadline - System.nanoTime();
                if (left > 0) h.onExit().get(left, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // what is still alive is killed below
        }
        family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Completes when the program exits (its descendants may still run). */
    public java.util.concurrent.CompletableFuture<Process> onExit() { return process.onExit(); }

    /** Waits up to {@code millis} for the program to exit by itself; true if it has. */
    public boolean waitFor(long millis) throws InterruptedException { return process.waitFor(millis, TimeUnit.MILLISECONDS); }

    /** Stops the program if it still runs and lets its last output through. */
    @Override public void close() throws InterruptedException {
        terminate();
        for (Thread pump : pumps) pump.join(2000);
        try { Runtime.getRuntime().removeShutdownHook(hook); } catch (IllegalStateException ignored) { /* shutting down */ }
    }

    private static Thread lines(InputStream in, Lines to, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) to.line(line);
            } catch (IOException ignored) {
                // the program closed its output
            } finally {
                to.closed();
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static Thread pump(InputStream in, OutputStream to) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buf)) > 0; ) { to.write(buf, 0, n); to.flush(); }
            } catch (IOException ignored) {
                // the program closed its output
            }
        }, "jrss-run-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
