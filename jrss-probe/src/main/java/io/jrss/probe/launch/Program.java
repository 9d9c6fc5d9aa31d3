// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A program jrss started for the user ({@code jrss run}): its stdin and stderr are jrss's, its stdout is pumped to
 * {@code output} (jrss's stdout carries only the report), and it does not outlive jrss: closing it, or jrss ending
 * on Ctrl-C, sends SIGTERM and then SIGKILL after 10 s.
 */
public final class Program implements AutoCloseable {
    private final Process process;
    private final Thread pump;
    private final Thread hook;

    private Program(Process process, OutputStream output) {
        this.process = process;
        this.pump = pump(process.getInputStream(), output);
        this.hook = new Thread(this::stop, "jrss-run-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code command} with {@code env} on top of jrss's own environment. */
    public static Program start(List<String> command, Map<String, String> env, OutputStream output) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        try {
            return new Program(pb.start(), output);
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

    /** SIGTERM, then SIGKILL after 10 s. */
    private void stop() {
        if (!process.isAlive()) return;
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the program if it still runs and lets its last output through. */
    @Override public void close() throws InterruptedException {
        stop();
        pump.join(2000);
        try { Runtime.getRuntime().removeShutdownHook(hook); } catch (IllegalStateException ignored) { /* shutting down */ }
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
