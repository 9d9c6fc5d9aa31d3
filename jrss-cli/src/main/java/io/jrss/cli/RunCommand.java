// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.Run;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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

    @Override
    public Integer call() throws Exception {
        var options = new Run.Options(command, allocator, env, !noNmt, startup, flags.options(Duration.ofSeconds(5)));
        return flags.report(Run.run(options, flags.view("run", false)), "run");
    }
}
