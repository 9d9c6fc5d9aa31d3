// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.analysis.WatchJudge;
import io.jrss.core.compare.AllocatorStats;
import io.jrss.core.compare.ArmRun;
import io.jrss.core.compare.ExitStatsFilter;
import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.launch.Arm;
import io.jrss.probe.launch.ChildCpu;
import io.jrss.probe.launch.JvmLaunch;
import io.jrss.probe.launch.JvmStartup;
import io.jrss.probe.launch.Program;
import io.jrss.probe.watch.Watch;
import io.jrss.probe.watch.WatchOptions;
import io.jrss.probe.watch.WatchResult;
import io.jrss.report.Reporter;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of one compare arm: the command started under the arm's environment and JVM flags (plus what makes a
 * preloaded allocator print its statistics at exit), watched as {@code jrss run} watches, and ended by itself, at
 * --duration, at --arm-timeout, or by Ctrl-C ({@link #interrupt()}). The program's output goes to stderr prefixed
 * with the arm's name; the allocator's statistics are kept apart ({@link ExitStatsFilter}) and --metric is read from
 * both streams ({@link MetricScan}). A comparison runs them one after another.
 */
final class ArmSession {
    /**
     * What every run of a comparison shares.
     *
     * @param watch    the watch of each run, ending at --duration or else at --arm-timeout
     * @param duration --duration, or null: tells a run stopped as asked from a hung one
     * @param record   --record: the directory that keeps each run's recording, or null
     */
    record Plan(List<String> command, boolean nmt, WatchOptions watch, Duration duration, Duration armTimeout, Duration startup, java.util.regex.Pattern metric,
                java.nio.file.Path record) {
        /** The watch of one run: the plan's, recording into {@code record/<arm>-<run>} when --record asked for it. */
        WatchOptions watch(String arm, int run) {
            if (record == null) return watch;
            WatchOptions w = watch;
            return new WatchOptions(w.interval(), w.fullInterval(), w.duration(), w.timeout(), record.resolve(ArmRun.recordingName(arm, run)),
                    w.nmtDetail(), w.trimProbe(), w.nmtBaseline(), w.liveProbe(), w.maxUnanswered(), w.culprits(), w.captureAt());
        }
    }

    private final Plan plan;
    private final Arm arm;
    private final int run;
    private final ArmListener progress;
    private volatile boolean interrupted;
    private volatile Watch watch;
    private volatile Program program;

    ArmSession(Plan plan, Arm arm, int run, ArmListener progress) {
        this.plan = plan; this.arm = arm; this.run = run; this.progress = progress;
    }

    /** Ctrl-C: stops the watch and the program; the run is reported as interrupted. */
    void interrupt() {
        interrupted = true;
        Watch w = watch;
        if (w != null) w.stop();
        Program p = program;
        if (p != null) p.terminate();
    }

    ArmRun run() throws InterruptedException {
        double cpu0 = ChildCpu.seconds();
        long t0 = System.nanoTime();
        ExitStatsFilter stats = new ExitStatsFilter(arm.allocator());
        MetricScan metric = new MetricScan(plan.metric());
        Map<String, String> env = AllocatorStats.ask(arm.allocator(), arm.env());
        JvmLaunch launch = new JvmLaunch(plan.command(), env, plan.nmt(), arm.jvmFlags());
        WatchJudge judge = null;
        ArmRun.Status status;
        String detail;
        Integer exit = null;
        Program started = null;
        try (Program p = launch.start(line -> { metric.scan(line); progress.output(arm, line); }, new Program.Lines() {
            @Override public void line(String line) { for (String l : stats.pass(line)) { metric.scan(l); progress.output(arm, l); } }
            @Override public void closed() { for (String l : stats.flush()) progress.output(arm, l); }
        })) {
            program = p;
            started = p;
            HotSpotAttach attach;
            try {
                attach = JvmStartup.await(p, plan.watch().timeout(), plan.startup());
            } catch (IOException e) {
                p.waitFor(2000);
                return notStarted(e.getMessage(), p, t0, cpu0);
            }
            judge = new WatchJudge(attach.pid(), plan.watch().interval(), new WatchJudge.Listener() {
                @Override public void sampled(Sample s, TimelineAssembler a, TimelineDiagnosis v) { progress.sample(arm, run, s); }
            });
            watch = new Watch(attach, plan.watch(arm.name(), run), Clock.systemUTC(), judge, Reporter.JRSS_VERSION);
            Watch w = watch;
            p.onExit().thenRun(w::stop); // the watch would see the exit only at its next sample: up to --interval late
            WatchResult r = w.run();
            boolean exitedByItself = !interrupted && (r.end() == WatchEnd.Reason.target_exited || r.end() == WatchEnd.Reason.stopped) && p.waitFor(10_000);
            if (interrupted) { status = ArmRun.Status.interrupted; detail = "stopped by Ctrl-C"; }
            else if (exitedByItself) {
                exit = p.exitValue();
                status = exit == 0 ? ArmRun.Status.exited : ArmRun.Status.failed;
                detail = exit == 0 ? "exited with status 0" : "exited with status " + exit + (exit > 128 ? " (signal " + (exit - 128) + ")" : "");
            } else if (r.end() == WatchEnd.Reason.duration && plan.duration() != null) {
                status = ArmRun.Status.stopped; detail = "stopped at --duration " + io.jrss.core.model.Durations.human(plan.duration());
            } else if (r.end() == WatchEnd.Reason.duration) {
                status = ArmRun.Status.hung; detail = "still running at --arm-timeout " + io.jrss.core.model.Durations.human(plan.armTimeout()) + ": killed";
            } else {
                status = ArmRun.Status.hung; detail = r.detail() + ": killed";
            }
        } catch (IOException e) {
            return ArmRun.notStarted(run, e.getMessage(), seconds(t0), cpu(cpu0), null);
        } finally {
            program = null;
            watch = null;
        }
        TimelineDiagnosis td = judge.diagnose();
        if (exit == null && !started.isAlive()) exit = started.exitValue(); // after close(): 143 when jrss's SIGTERM ended it
        return new ArmRun(run, status, detail, points(td), seconds(t0), cpu(cpu0), exit, metric.last(), td == null ? null : Objects.toString(td.last().snapshot().mappedAllocator(), null),
                arm.allocator().equals("glibc") ? (td == null ? Map.of() : AllocatorStats.glibc(td.last().ledger().malloc()))
                        : AllocatorStats.parse(arm.allocator(), stats.kept()), td);
    }

    private ArmRun notStarted(String why, Program p, long t0, double cpu0) {
        Integer exit = p.isAlive() ? null : p.exitValue();
        return ArmRun.notStarted(run, interrupted ? "stopped by Ctrl-C before its JVM answered" : why, seconds(t0), cpu(cpu0), exit);
    }

    private static List<ArmRun.Point> points(TimelineDiagnosis td) {
        List<ArmRun.Point> out = new ArrayList<>();
        if (td == null || td.timeline().samples().isEmpty()) return out;
        var first = td.timeline().samples().get(0).time();
        for (Sample s : td.timeline().samples()) {
            Double rss = s.signal(Signals.RSS);
            if (rss != null) out.add(new ArmRun.Point(Duration.between(first, s.time()).toMillis() / 1000.0, Bytes.of(rss.longValue())));
        }
        return out;
    }

    private static double seconds(long t0) { return (System.nanoTime() - t0) / 1e9; }

    private static Double cpu(double cpu0) {
        double now = ChildCpu.seconds();
        return Double.isNaN(now) || Double.isNaN(cpu0) ? null : now - cpu0;
    }
}
