// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A workload JVM that jrss starts itself: same java and classpath as jrss, waits for its READY line, and is
 * destroyed on close (also when jrss is interrupted, through a shutdown hook).
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Thread hook;

    private ChildJvm(Process process) {
        this.process = process;
        this.hook = new Thread(process::destroyForcibly, "jrss-child-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    static ChildJvm start(String mainClass, List<String> jvmFlags, Duration readyTimeout, PrintWriter err) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        ChildJvm child = new ChildJvm(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        BufferedReader r = new BufferedReader(new InputStreamReader(child.process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Boolean> ready = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.strip().equals("READY")) return true;
                }
            } catch (IOException e) { /* the child died: reported below */ }
            return false;
        });
        try {
            if (!ready.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                child.close();
                throw new IOException(mainClass + " exited with code " + child.process.exitValue() + " before it was READY");
            }
        } catch (TimeoutException e) {
            child.close();
            throw new IOException(mainClass + " was not READY within " + readyTimeout.toSeconds() + " s");
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            child.close();
            throw new IOException("waiting for " + mainClass + ": " + e);
        }
        // Keep draining its output so it never blocks on a full pipe.
        Thread drain = new Thread(() -> { try { while (r.readLine() != null) { /* discard */ } } catch (IOException ignored) { } }, "jrss-child-drain");
        drain.setDaemon(true);
        drain.start();
        return child;
    }

    int pid() { return (int) process.pid(); }

    @Override public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try { Runtime.getRuntime().removeShutdownHook(hook); } catch (IllegalStateException ignored) { /* shutting down */ }
    }
}
