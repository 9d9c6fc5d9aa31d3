// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.testapp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real JVM (or other process) started by a test in its own working directory, its stdout and
 * stderr kept for assertions. {@link #start} returns at once so tests can start several in
 * parallel; {@link #awaitReady} waits for the READY line. {@link #close} resumes, stops and reaps
 * the process and removes the socket and hsperfdata files a killed JVM leaves in /tmp.
 */
public final class TestJvm implements AutoCloseable {
    public static final String JDK17 = "/usr/bin/java";
    public static final String JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

    private final Process process;
    private final Path cwd;
    private final StringBuffer output = new StringBuffer();
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile long pid;

    private TestJvm(List<String> command, Map<String, String> env, Path cwd) throws IOException {
        this.cwd = cwd;
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.endsWith("JAVA_OPTIONS") || k.equals("JAVA_TOOL_OPTIONS"));
        pb.environment().putAll(env);
        process = pb.start();
        pid = process.pid();
        Thread reader = new Thread(this::pump, "test-jvm-output-" + pid);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code java <options> <mainClass> <args>} from the test classes. */
    public static TestJvm java(String java, List<String> options, String mainClass, String... args) {
        return start(Map.of(), javaCommand(java, options, mainClass, args));
    }

    public static List<String> javaCommand(String java, List<String> options, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(java, "-Xmx64m"));
        command.addAll(options);
        command.addAll(List.of("-cp", testClasses().toString(), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    /** Starts any command with extra environment variables, in a fresh working directory. */
    public static TestJvm start(Map<String, String> env, List<String> command) {
        try {
            Path cwd = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "jvm-cwd-");
            return new TestJvm(command, env, cwd);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path testClasses() {
        try {
            return Path.of(ProbeTarget.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public TestJvm awaitReady() {
        try {
            if (!ready.await(20, TimeUnit.SECONDS)) throw new IllegalStateException("no READY from pid " + pid + ": " + output);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** The pid to attach to: the launched process, or the one {@link #usePid} named (e.g. a namespace's child). */
    public int pid() { return (int) pid; }

    public void usePid(long pid) { this.pid = pid; }

    public Process process() { return process; }

    public Path cwd() { return cwd; }

    public String output() { return output.toString(); }

    public boolean alive() { return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); }

    /** Sends a signal with kill(1), e.g. "STOP", "CONT", "QUIT". */
    public void signal(String name) {
        try {
            int rc = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor();
            if (rc != 0) throw new IllegalStateException("kill -" + name + " " + pid + " failed");
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits a little: long enough for a signal to have been handled had one been sent. */
    public static void settle() {
        try {
            Thread.sleep(Duration.ofMillis(300).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                output.append(line).append('\n');
                if (line.equals("READY")) ready.countDown();
            }
        } catch (IOException e) {
            // The process ended.
        }
    }

    @Override
    public void close() {
        long target = pid;
        ProcessHandle.of(target).ifPresent(h -> {
            if (h.isAlive()) {
                signal("CONT"); // a stopped process cannot handle SIGTERM
                h.destroy();
            }
        });
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            ProcessHandle.of(target).ifPresent(ProcessHandle::destroyForcibly);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // A JVM killed without running its exit hooks (-Xrs ignores SIGTERM's handler) leaves these behind.
        try {
            if (ProcessHandle.of(target).isEmpty()) {
                Files.deleteIfExists(Path.of("/tmp/.java_pid" + target));
                Files.deleteIfExists(Path.of("/tmp/hsperfdata_root/" + target));
            }
            try (var files = Files.list(cwd)) {
                for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            }
            Files.deleteIfExists(cwd);
        } catch (IOException e) {
            // Best effort: target/ is cleaned by mvn clean.
        }
    }
}
