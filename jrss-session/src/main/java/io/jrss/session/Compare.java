// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.compare.ArmResult;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.Verdicts;
import io.jrss.core.result.ComparisonResult;
import io.jrss.probe.launch.Arm;
import io.jrss.probe.launch.LaunchException;
import io.jrss.probe.watch.WatchOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * compare: each arm run --repeat times, interleaved, each run launched and watched as run does ({@link ArmSession}),
 * then judged. Ctrl-C stops the running arm; the arms that finished are reported.
 */
public final class Compare {
    /**
     * @param arms   --arms as given, or null for the defaults (one not installed is then skipped)
     * @param metric --metric as given (for the report), and {@code metricPattern} compiled from it
     * @param record the directory that keeps each run's recording, or null
     */
    public record Options(List<String> command, String arms, int repeat, String metric, Pattern metricPattern, boolean nmt, Duration interval,
                          Duration fullInterval, Duration timeout, Duration duration, Duration armTimeout, Duration startup, Path record) {}

    /** What a comparison says as it goes: arms skipped, started and ended, the programs' output, each sample. */
    public interface Listener extends ArmListener {
        void skipped(String arm, String why);

        void starting(Arm arm, int run, int repeat);

        void finished(Arm arm, ArmRun run);
    }

    private volatile boolean interrupted;
    private volatile ArmSession current;

    private Compare() {}

    public static ComparisonResult run(Options o, Listener listener) throws InterruptedException {
        return new Compare().compare(o, listener);
    }

    private ComparisonResult compare(Options o, Listener listener) throws InterruptedException {
        Map<Arm, List<ArmRun>> runs = new LinkedHashMap<>();
        List<Arm> toRun = arms(o.arms(), listener, runs);
        // Each run's watch ends at --duration, or at --arm-timeout for a program meant to end by itself; no probes, and no
        // culprit readings: a thread dump's pause in one arm and not another would be measured as the arm's.
        WatchOptions watch = new WatchOptions(o.interval(), o.fullInterval(), o.duration() != null ? o.duration() : o.armTimeout(), o.timeout(), null,
                false, false, false, 3, java.util.Set.of());
        ArmSession.Plan plan = new ArmSession.Plan(o.command(), o.nmt(), watch, o.duration(), o.armTimeout(), o.startup(), o.metricPattern(), o.record());
        try (CtrlC ctrlC = CtrlC.runs(() -> { interrupted = true; ArmSession s = current; if (s != null) s.interrupt(); })) {
            for (int r = 1; r <= o.repeat() && !interrupted; r++) {
                for (Arm arm : toRun) {
                    if (interrupted) break;
                    listener.starting(arm, r, o.repeat());
                    current = new ArmSession(plan, arm, r, listener);
                    ArmRun run = current.run();
                    current = null;
                    runs.get(arm).add(run);
                    listener.finished(arm, run);
                }
            }
        }
        List<ArmResult> results = new ArrayList<>();
        runs.forEach((arm, list) -> {
            if (!list.isEmpty()) results.add(new ArmResult(arm.name(), arm.env(), arm.jvmFlags(), arm.allocator(), list)); // not reached before Ctrl-C: left out
        });
        return new ComparisonResult(o.command(), results, Verdicts.judge(results), o.metric(), o.repeat(), interrupted,
                o.record() == null ? null : o.record().toString());
    }

    /** The arms to run. Named ones must all be installed; of the defaults, one not installed is skipped and reported. */
    private static List<Arm> arms(String arms, Listener listener, Map<Arm, List<ArmRun>> runs) {
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
                listener.skipped(name, e.getMessage());
                runs.put(new Arm(name, Map.of(), List.of(), name), List.of(ArmRun.notStarted(1, e.getMessage(), 0, null, null)));
            }
        }
        return out;
    }
}
