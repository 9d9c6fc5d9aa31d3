// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.model.Bytes;
import io.jrss.core.result.SizeResult;
import io.jrss.session.Size;
import io.jrss.session.SizeProve;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "size", header = "The container limit and JVM flags a workload needs, from what jrss measured; --prove runs it under them.",
        mixinStandardHelpOptions = true,
        description = {"From a recording (watch, run or export's captures), a capture, or a JVM watched now (--duration, 5m by default):",
                "a memory limit and the flags that keep the JVM inside it. Each part of the limit is a ledger row at the footprint's",
                "peak, as measured; the heap is three times the live set after old collections (never more than it committed);",
                "one headroom, named, covers what the watch did not see. A part that still grows (a leak finding) is refused as a",
                "basis, and named. The same answer as a Kubernetes resources block, JAVA_TOOL_OPTIONS and env lines, the buildpack",
                "calculator's variables, and what the buildpack formula would have given (docs/size.md).", "",
                "--prove runs the program N times (--repeat) in a memory cgroup of its own with the limit (or --limit, by hand) and",
                "the flags in JAVA_TOOL_OPTIONS, swap off, and reports each run's peak usage, OOM kills, time and --metric beside",
                "an unconstrained run. Without an input it first runs the program under 'jrss run' to size it.", ""},
        footer = {"", "Examples:", "  jrss size run-1/                              a recording of jrss run/watch --record",
                "  jrss size 4242 --duration 30m                watch a JVM for 30 minutes, then size it",
                "  jrss size --prove --repeat 5 -- java -jar batch.jar   size a program, then prove it 5 times",
                "  jrss size --prove --limit 600m -- java -jar batch.jar   a limit of your own, proved",
                "", "A -Xmx on the program's own command line wins over JAVA_TOOL_OPTIONS: remove it for a proof.",
                "Exit codes: 0 a recommendation (and, with --prove, every run ended as the unconstrained one did, none killed),",
                "1 refused (a part still grows), an input that could not be read, or a proof run killed or broken; 2 usage error."})
final class SizeCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "INPUT | -- COMMAND",
            description = "A recording or capture directory, or a pid or unique main-class substring; with --prove, the program after --.")
    List<String> args = new ArrayList<>();
    @Option(names = "--prove", description = "Run the program under the recommended limit and flags (needs root on cgroup v1, or a delegated v2 subtree).")
    boolean prove;
    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "Runs under the limit with --prove (default: ${DEFAULT-VALUE}).")
    int repeat;
    @Option(names = "--limit", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "With --prove: the limit of the runs, instead of the recommendation's (e.g. 600m to see what 20% less does).")
    Long limit;
    @Option(names = "--metric", paramLabel = "REGEX", description = "With --prove: the program's throughput in its output, as compare reads it.")
    String metric;
    @Option(names = "--run-timeout", paramLabel = "DURATION", defaultValue = "30m", converter = DurationConverter.class,
            description = "With --prove: how long one run may take before it is stopped (default: ${DEFAULT-VALUE}).")
    Duration runTimeout;
    @Mixin WatchFlags watch;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) throw new Errors.UsageException("--repeat must be at least 1");
        boolean directory = !args.isEmpty() && Files.isDirectory(Path.of(args.get(0)));
        String input = directory || !prove ? (args.isEmpty() ? null : args.get(0)) : null;
        List<String> command = prove ? args.subList(input == null ? 0 : 1, args.size()) : List.of();
        if (input == null && !prove) throw new Errors.UsageException("jrss size needs a recording, a capture or a pid; or --prove -- <command>");
        if (!prove && args.size() > 1) throw new Errors.UsageException("one input only; a command to run needs --prove: jrss size --prove -- " + String.join(" ", args));
        if (prove && command.isEmpty()) throw new Errors.UsageException("--prove needs the program to run after --, e.g. jrss size --prove -- java -jar app.jar");
        if (prove && SizeProve.unsupported() != null) throw new Errors.UsageException(SizeProve.unsupported());
        if (!prove && limit != null) throw new Errors.UsageException("--limit sets the limit of --prove's runs");
        if (input != null && !directory && watch.duration == null) watch.duration = Duration.ofMinutes(5);
        var options = new Size.Options(input, command, prove, repeat, limit == null ? null : Bytes.of(limit), CompareFlags.compile(metric), runTimeout,
                watch.options(Duration.ofSeconds(input == null ? 5 : 10)));
        SizeResult r = Size.run(options, watch.view("size", input != null && !directory && Output.terminal()), watch.report.progress(), watch.report.err());
        watch.report.show(r, "jrss size " + String.join(" ", args));
        return r.sizing().isRefused() || r.proof() != null && !r.proof().held() ? Errors.TARGET : 0;
    }
}
