// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.probe.attach.HotSpotAttach;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "run", header = "Launch a JVM (NMT on, an allocator of your choice) and watch it to its exit.", mixinStandardHelpOptions = true,
        description = {"Launch a JVM and watch it from its first second to its exit, as 'jrss watch' does: NMT summary is",
                "switched on (unless --no-nmt) and the chosen allocator is preloaded from Debian's packages, so you can",
                "A/B glibc against jemalloc, tcmalloc or mimalloc on your own workload. The program's output goes to",
                "stderr; stdout carries only jrss's report. At --duration the program is stopped (SIGTERM).", ""},
        footer = {"", "Examples:", "  jrss run -- java -jar app.jar",
                "  jrss run --allocator jemalloc --duration 10m --json -- java -Xmx2g -jar app.jar > jemalloc.json",
                "  jrss run --env MALLOC_ARENA_MAX=2 --record run-2/ -- ./start.sh",
                "", "The command may be java itself (the NMT flag is added after it) or a script that starts java",
                "(NMT comes through JDK_JAVA_OPTIONS; jrss watches the first JVM it starts).",
                "Exit codes: 0 ok, 1 the program could not be watched or the recording failed, 2 usage error."})
final class RunCommand implements Callable<Integer> {
    static final String NMT = "-XX:NativeMemoryTracking=summary";

    @Option(names = "--allocator", paramLabel = "NAME", defaultValue = "glibc", description = "glibc (default), jemalloc, tcmalloc or mimalloc.")
    String allocator;
    @Option(names = "--env", paramLabel = "KEY=VALUE", description = "Extra environment for the program; repeatable.")
    Map<String, String> env = new LinkedHashMap<>();
    @Option(names = "--no-nmt", description = "Do not switch NMT on (jrss then estimates what NMT would have split).")
    boolean noNmt;
    @Option(names = "--startup-timeout", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long the program may take to become an attachable JVM (default: ${DEFAULT-VALUE}).")
    Duration startup;
    @Mixin WatchFlags flags;
    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The program and its arguments, after --.")
    List<String> command;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var options = flags.options(Duration.ofSeconds(5));
        ProcessBuilder pb = new ProcessBuilder(commandLine()).redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(Allocators.environment(allocator));
        pb.environment().putAll(env);
        if (!noNmt && !isJava(command.get(0)) && !mentionsNmt()) {
            String jdk = pb.environment().getOrDefault("JDK_JAVA_OPTIONS", "");
            pb.environment().put("JDK_JAVA_OPTIONS", (jdk + " " + NMT).strip());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start " + command.get(0) + ": " + e.getMessage());
        }
        Thread pump = pump(p.getInputStream(), System.err);
        Runnable stopProgram = () -> stop(p);
        Thread hook = new Thread(stopProgram, "jrss-run-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            spec.commandLine().getErr().println("jrss run: started pid " + p.pid() + ": " + String.join(" ", commandLine()));
            spec.commandLine().getErr().flush();
            HotSpotAttach attach = JvmStartup.await(p, options.timeout(), startup);
            int code = new WatchSession("run", flags, spec.commandLine().getOut(), spec.commandLine().getErr(), false)
                    .run(attach, options, d -> p.isAlive() ? d : exited(p, d));
            stop(p);
            pump.join(2000);
            return code;
        } finally {
            stop(p);
            try { Runtime.getRuntime().removeShutdownHook(hook); } catch (IllegalStateException ignored) { /* shutting down */ }
        }
    }

    private static String exited(Process p, String detail) {
        try {
            if (p.waitFor(2, TimeUnit.SECONDS)) return detail + " with status " + p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return detail;
    }

    List<String> commandLine() {
        List<String> cmd = new ArrayList<>(command);
        if (!noNmt && isJava(cmd.get(0)) && !mentionsNmt()) cmd.add(1, NMT);
        return cmd;
    }

    private boolean mentionsNmt() { return command.stream().anyMatch(a -> a.contains("NativeMemoryTracking")); }

    static boolean isJava(String program) {
        String name = program.substring(program.lastIndexOf('/') + 1);
        return name.equals("java");
    }

    /** SIGTERM, then SIGKILL after 10 s: the program jrss started does not outlive it. */
    static void stop(Process p) {
        if (!p.isAlive()) return;
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The program's stdout goes to jrss's stderr: stdout is for the report. */
    static Thread pump(InputStream in, OutputStream to) {
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
