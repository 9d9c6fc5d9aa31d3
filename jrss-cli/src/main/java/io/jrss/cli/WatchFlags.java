// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.probe.watch.WatchOptions;
import io.jrss.session.Watch;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options watch and run share: sampling, duration, recording, output and the opt-in probes. */
final class WatchFlags {
    @Option(names = "--interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time between samples: status, smaps_rollup, NMT summary, heap, code cache, perf counters, glibc statistics (default: 10s for watch, 5s for run).")
    Duration interval;

    @Option(names = "--full-interval", paramLabel = "DURATION", defaultValue = "1m", converter = DurationConverter.class,
            description = "Time between full samples with the whole smaps and the ledger; the first and the last are always full (default: ${DEFAULT-VALUE}).")
    Duration fullInterval;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop after this long and report (default: until Ctrl-C or the target exits).")
    Duration duration;

    @Mixin TimeoutFlag timeout;

    @Option(names = "--max-unanswered", paramLabel = "N", defaultValue = "3",
            description = "End the watch when the target has not answered N samples in a row (default: ${DEFAULT-VALUE}).")
    int maxUnanswered;

    @Option(names = "--record", paramLabel = "DIR",
            description = "Keep every capture and the events in DIR (new or empty); read it again with 'jrss analyze DIR' or 'jrss explain --capture DIR'.")
    Path record;

    @Mixin ReportFlags report;

    @Option(names = "--nmt-detail", description = "Also read VM.native_memory detail in full samples (the target must run with NMT detail).")
    boolean nmtDetail;

    @Option(names = "--trim-probe", description = "CHANGES THE TARGET: at the end run System.trim_native_heap and report how much RSS came back"
            + " (free memory glibc kept, as opposed to live native memory).")
    boolean trimProbe;

    @Option(names = "--live-probe", description = "CHANGES THE TARGET: one full collection (GC.run) at half the --duration (a minute in without one),"
            + " so that the old generation read just after is the live set (jrss size budgets the heap from it).")
    boolean liveProbe;

    @Mixin CulpritsFlag culprits;

    @Mixin CaptureAtFlags captureAt;

    @Option(names = "--nmt-baseline", description = "CHANGES NMT's STATE: take VM.native_memory baseline at the start and report summary.diff growth by category at the end.")
    boolean nmtBaseline;

    /** The watch's report on stdout (and in --html), and its exit status: 1 when the target or the recording failed. */
    int report(Watch.Outcome o, String command) throws java.io.IOException {
        report.show(o.result(), "jrss " + command + " " + o.pid());
        return o.failed() ? Errors.TARGET : 0;
    }

    /** The live view on stderr; {@code frames} redraws a full frame (watch on a terminal). */
    LiveView view(String command, boolean frames) {
        return new LiveView(command, report.err(), frames, report.output.color());
    }

    static void positive(String option, Duration d) {
        if (d.isNegative() || d.isZero()) throw new Errors.UsageException(option + " must be longer than zero, e.g. 500ms, 10s, 5m");
    }

    WatchOptions options(Duration defaultInterval) {
        Duration i = interval == null ? defaultInterval : interval;
        if (maxUnanswered < 1) throw new Errors.UsageException("--max-unanswered must be at least 1");
        positive("--interval", i);
        positive("--full-interval", fullInterval);
        positive("--timeout", timeout.value);
        if (duration != null) positive("--duration", duration);
        report.checkAsUsage();
        return new WatchOptions(i, fullInterval, duration, timeout.value, record, nmtDetail, trimProbe, nmtBaseline, liveProbe, maxUnanswered, culprits.allowed(),
                captureAt.options(record != null ? null : CaptureAtFlags.stateDir()));
    }
}
