// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.probe.launch.Arm;
import io.jrss.session.Compare;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** compare's options, checked before the first arm runs: a usage error now, not after an hour of arms. */
final class CompareFlags {
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
    @Mixin TimeoutFlag timeout;
    @Option(names = "--startup-timeout", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long each run may take to become an attachable JVM (default: ${DEFAULT-VALUE}).")
    Duration startup;
    @Option(names = "--arm-timeout", paramLabel = "DURATION", defaultValue = "30m", converter = DurationConverter.class,
            description = "Without --duration: a run still going after this long is hung, killed and reported (default: ${DEFAULT-VALUE}).")
    Duration armTimeout;
    @Option(names = "--no-nmt", description = "Do not switch NMT on in the arms.")
    boolean noNmt;
    @Option(names = "--record", paramLabel = "DIR",
            description = "Keep each run's recording in DIR/<arm>-<run> (DIR new or empty): 'jrss diff DIR/glibc-1 DIR/arena2-1' shows row by row what an arm changed.")
    Path record;

    /** The comparison's options, once each is checked (the report's page too) and --record made (new or empty). */
    Compare.Options options(List<String> command, ReportFlags report) throws java.io.IOException {
        if (repeat < 1) throw new Errors.UsageException("--repeat must be at least 1");
        WatchFlags.positive("--interval", interval);
        WatchFlags.positive("--timeout", timeout.value);
        if (duration != null) WatchFlags.positive("--duration", duration);
        report.checkAsUsage();
        checkRecord();
        return new Compare.Options(command, arms, repeat, metric, compile(metric), !noNmt, interval, fullInterval, timeout.value, duration, armTimeout,
                startup, record);
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

    /** Checks a --metric pattern before anything runs: a clear error instead of a run that measures nothing. */
    static Pattern compile(String regex) {
        if (regex == null) return null;
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new Errors.UsageException("--metric '" + regex + "' is not a regular expression: " + e.getDescription());
        }
    }
}
