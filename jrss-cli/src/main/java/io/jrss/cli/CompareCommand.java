// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.Verdicts;
import io.jrss.core.result.ComparisonResult;
import io.jrss.probe.launch.Arm;
import io.jrss.probe.launch.LaunchException;
import io.jrss.probe.watch.WatchOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", header = "Run one command under several allocator set-ups and say which keeps RSS lowest.", mixinStandardHelpOptions = true,
        description = {"Runs the command once per arm (and --repeat times), one after the other, each launched and watched as",
                "'jrss run' does, then compares them: RSS over time, peak RSS, steady RSS (the median of the last half of the",
                "samples), the ledger at the end, wall time, CPU, exit status and --metric. Each arm proves it ran as named:",
                "the allocator mapped in the target, the environment it got, and the allocator's own statistics.",
                "The verdict names the arm with the lowest steady RSS, what it saves against glibc as is, what it costs, how",
                "sure that is (a difference within the runs' spread, or within 3%, is a tie) and the winner's known risks.", "",
                "Arms: glibc (as is), arena2 (MALLOC_ARENA_MAX=2), trim (-XX:TrimNativeHeapInterval=5000, JDK 17.0.9+/21.0.1+),",
                "jemalloc, jemalloc-bg (MALLOC_CONF=background_thread:true), tcmalloc, tcmalloc-aggr",
                "(TCMALLOC_AGGRESSIVE_DECOMMIT=true), mimalloc, and custom:NAME:K=V,... (the rest of the list is its environment;",
                "LD_PRELOAD names its allocator). Preloaded allocators come from Debian's packages.", ""},
        footer = {"", "Examples:",
                "  jrss compare -- java -Xmx2g -jar batch.jar                        # a program that ends by itself",
                "  jrss compare --duration 10m --repeat 3 --html ab.html -- java -jar service.jar",
                "  jrss compare --arms glibc,jemalloc-bg,custom:je-decay:LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2,MALLOC_CONF=dirty_decay_ms:1000 -- ./start.sh",
                "  jrss compare --metric 'throughput: ([0-9.]+) ops/s' --json -- java -jar bench.jar > ab.json",
                "", "Ctrl-C stops the running arm and reports the arms that finished.",
                "Exit codes: 0 a verdict, 1 no arm could be measured, 2 usage error (e.g. an allocator not installed), 130 Ctrl-C."})
final class CompareCommand implements Callable<Integer> {
    @Option(names = "--arms", paramLabel = "LIST", description = "Comma-separated arms (default: " + Arm.DEFAULTS + "; an allocator not installed is then skipped with the package to install).")
    String arms;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop each run after this long (a service); without it each run must end by itself (a batch program).")
    Duration duration;
    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "Runs per arm, interleaved (glibc, arena2, ..., glibc, arena2, ...); their spread decides ties (default: ${DEFAULT-VALUE}).")
    int repeat;
    @Option(names = "--metric", paramLabel = "REGEX", description = "The program's throughput in its output: the first group (or the first number) of the last match.")
    String metric;
    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class, description = "Time between samples (default: ${DEFAULT-VALUE}).")
    Duration interval;
    @Option(names = "--full-interval", paramLabel = "DURATION", defaultValue = "1m", converter = DurationConverter.class,
            description = "Time between full samples with the ledger; the first and the last are always full (default: ${DEFAULT-VALUE}).")
    Duration fullInterval;
    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class, description = "Timeout for attaching and for each command (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Option(names = "--startup-timeout", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long each run may take to become an attachable JVM (default: ${DEFAULT-VALUE}).")
    Duration startup;
    @Option(names = "--arm-timeout", paramLabel = "DURATION", defaultValue = "30m", converter = DurationConverter.class,
            description = "Without --duration: a run still going after this long is hung, killed and reported (default: ${DEFAULT-VALUE}).")
    Duration armTimeout;
    @Option(names = "--no-nmt", description = "Do not switch NMT on in the arms.")
    boolean noNmt;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (docs/json.md, compare).")
    boolean json;
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as one self-contained HTML file, the arms' RSS curves overlaid.")
    Path html;
    @Option(names = "--record", paramLabel = "DIR",
            description = "Keep each run's recording in DIR/<arm>-<run> (DIR new or empty): 'jrss diff DIR/glibc-1 DIR/arena2-1' shows row by row what an arm changed.")
    Path record;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The program and its arguments, after --.")
    List<String> command;
    @Spec CommandSpec spec;

    private volatile boolean interrupted;
    private volatile ArmSession current;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) throw new Errors.UsageException("--repeat must be at least 1");
        WatchFlags.positive("--interval", interval);
        WatchFlags.positive("--timeout", timeout);
        if (duration != null) WatchFlags.positive("--duration", duration);
        try { HtmlFile.check(html); } catch (java.io.IOException e) { throw new Errors.UsageException(e.getMessage()); }
        checkRecord();
        var pattern = MetricScan.compile(metric);
        ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), Live.terminal());
        Map<Arm, List<ArmRun>> runs = new LinkedHashMap<>();
        List<Arm> toRun = arms(progress, runs);
        // Each run's watch ends at --duration, or at --arm-timeout for a program meant to end by itself; no probes.
        WatchOptions watch = new WatchOptions(interval, fullInterval, duration != null ? duration : armTimeout, timeout, null, false, false, false, 3);
        ArmSession.Plan plan = new ArmSession.Plan(command, !noNmt, watch, duration, armTimeout, startup, pattern, record);
        try (CtrlC ctrlC = CtrlC.runs(() -> { interrupted = true; ArmSession s = current; if (s != null) s.interrupt(); })) {
            for (int r = 1; r <= repeat && !interrupted; r++) {
                for (Arm arm : toRun) {
                    if (interrupted) break;
                    progress.say("jrss compare: arm " + arm.name() + (repeat > 1 ? " (run " + r + " of " + repeat + ")" : "") + ": "
                            + describe(arm));
                    current = new ArmSession(plan, arm, r, progress);
                    ArmRun run = current.run();
                    current = null;
                    runs.get(arm).add(run);
                    progress.say("jrss compare: arm " + arm.name() + ": " + run.detail() + (run.measured() ? "; steady RSS " + run.steady().toIec()
                            + ", peak " + run.peak().toIec() + ", allocator seen: " + run.allocatorSeen() : ""));
                }
            }
        }
        List<ArmResult> results = new ArrayList<>();
        runs.forEach((arm, list) -> {
            if (!list.isEmpty()) results.add(new ArmResult(arm.name(), arm.env(), arm.jvmFlags(), arm.allocator(), list)); // not reached before Ctrl-C: left out
        });
        ComparisonResult result = new ComparisonResult(command, results, Verdicts.judge(results), metric, repeat, interrupted,
                record == null ? null : record.toString());
        String title = "jrss compare " + String.join(" ", command);
        Output.print(result, json, Live.terminal() && !noColor, title, spec.commandLine().getOut());
        if (html != null) HtmlFile.write(html, result, title, spec.commandLine().getErr());
        return interrupted ? 130 : result.verdict().best() == null ? Errors.TARGET : 0;
    }

    /** --record must be new or empty, as for watch: checked before the first arm runs, not after an hour of them. */
    private void checkRecord() throws java.io.IOException {
        if (record == null) return;
        if (Files.exists(record) && !Files.isDirectory(record)) throw new Errors.UsageException(record + " exists and is not a directory");
        if (Files.isDirectory(record)) {
            try (var s = Files.list(record)) {
                if (s.findAny().isPresent()) throw new Errors.UsageException(record + " exists and is not empty; choose another directory");
            }
        }
        Files.createDirectories(record);
    }

    /** The arms to run. Named ones must all be installed; of the defaults, one not installed is skipped and reported. */
    private List<Arm> arms(ProgressLine progress, Map<Arm, List<ArmRun>> runs) {
        if (arms != null) {
            List<Arm> named = Arm.parse(arms);
            named.forEach(a -> runs.put(a, new ArrayList<>()));
            return named;
        }
        List<Arm> out = new ArrayList<>();
        for (String name : Arm.DEFAULTS.split(",")) {
            try {
                Arm arm = Arm.of(name);
                runs.put(arm, new ArrayList<>());
                out.add(arm);
            } catch (LaunchException e) {
                progress.say("jrss compare: skipping arm " + name + ": " + e.getMessage());
                runs.put(new Arm(name, Map.of(), List.of(), name), List.of(new ArmRun(1, ArmRun.Status.not_started, e.getMessage(), List.of(), 0, null,
                        null, null, null, Map.of(), null)));
            }
        }
        return out;
    }

    private static String describe(Arm arm) {
        List<String> parts = new ArrayList<>();
        arm.env().forEach((k, v) -> parts.add(k + "=" + v));
        parts.addAll(arm.jvmFlags());
        return parts.isEmpty() ? "as is" : String.join(" ", parts);
    }
}
