// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.analysis.WatchJudge;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.jvm.Targets;
import io.jrss.probe.watch.WatchOptions;
import io.jrss.probe.watch.WatchResult;
import io.jrss.report.Reporter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.UnaryOperator;

/**
 * watch (and run, once its program is up): the probe's watch judged sample by sample, ended by its duration, the
 * target's exit, Ctrl-C or SIGTERM, into a {@link TimelineResult}. The listener draws the live view.
 */
public final class Watch {
    /** Hears every sample and event (the live view), the start and the end. */
    public interface Listener extends WatchJudge.Listener {
        void watching(int pid, WatchOptions options);

        void ended(String detail, Path recording);
    }

    /**
     * @param pid    the JVM watched
     * @param failed the target or the recording failed: exit status 1
     */
    public record Outcome(int pid, TimelineResult result, boolean failed) {}

    /** Watches {@code target}, a pid or a unique main-class substring. */
    public static Outcome run(String target, WatchOptions options, Listener listener) throws Exception {
        int pid = Targets.resolve(target);
        return run(HotSpotAttach.to(pid, options.timeout()), options, listener, d -> d);
    }

    /** @param endDetail rewrites the end's sentence (run adds the exit status) */
    static Outcome run(HotSpotAttach attach, WatchOptions options, Listener listener, UnaryOperator<String> endDetail) throws IOException {
        WatchJudge judge = new WatchJudge(attach.pid(), options.interval(), listener);
        var watch = new io.jrss.probe.watch.Watch(attach, options, Clock.systemUTC(), judge, Reporter.JRSS_VERSION);
        listener.watching(attach.pid(), options);
        WatchResult r;
        try (CtrlC ctrlC = CtrlC.runs(watch::stop)) {
            r = watch.run();
        }
        TimelineDiagnosis td = judge.diagnose();
        String detail = endDetail.apply(r.detail());
        listener.ended(detail, r.recording());
        if (td == null) {
            throw new IOException("pid " + attach.pid() + ": no full sample was taken before the watch ended (" + detail + "); nothing to report");
        }
        return new Outcome(attach.pid(), new TimelineResult(td, new WatchEnd(r.end(), detail), judge.probes()), r.failed());
    }

    private Watch() {}
}
