// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Replay;
import io.jrss.core.model.Bytes;
import io.jrss.core.result.SizeProof;
import io.jrss.core.result.SizeResult;
import io.jrss.core.size.Sizer;
import io.jrss.core.size.Sizing;
import io.jrss.probe.watch.WatchOptions;
import java.io.PrintWriter;
import java.util.Map;
import java.util.regex.Pattern;
import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.result.Result;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.source.Source;
import io.jrss.core.source.Sources;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What jrss size sizes from: a recording (watch, run or export's captures), one capture directory, or a JVM watched
 * now. A capture is one full sample: its recommendation has the least confidence and says so.
 */
public final class Size {
    /**
     * @param input   a recording or capture directory, or a pid or main-class substring; null to run {@code command}
     * @param command the program, for --prove (and to size it when there is no input); empty without --prove
     * @param limit   --limit for the proof runs, or null for the recommendation's
     */
    public record Options(String input, List<String> command, boolean prove, int repeat, Bytes limit, Pattern metric, Duration runTimeout,
                          WatchOptions watch) {}

    private Size() {}

    /** Sizes the input (running or watching the program first when it is one), then proves it when asked. */
    public static SizeResult run(Options o, Run.Listener listener, Replay.Progress progress, PrintWriter err) throws Exception {
        TimelineDiagnosis d;
        boolean wholeRun = false;
        if (o.input() == null) {
            Watch.Outcome outcome = runOwn(o, Map.of(), listener);
            if (outcome.failed()) throw new IOException("the program could not be watched to size it: " + outcome.result().end().detail());
            d = outcome.result().diagnosis();
            wholeRun = true;
        } else if (java.nio.file.Files.isDirectory(Path.of(o.input()))) {
            d = fromDirectory(Path.of(o.input()), progress);
        } else {
            d = Watch.run(o.input(), o.watch(), listener).result().diagnosis();
        }
        Sizing s = Sizer.of(d, wholeRun);
        if (o.prove() && ownMaxHeap(o.command())) {
            err.println("jrss size: the command sets its own max heap, which wins over the recommendation's -Xmx; the proof runs without its -Xms");
            err.flush();
        }
        if (o.prove() && o.input() == null && !s.isRefused() && !s.env().isEmpty()) {
            TimelineDiagnosis under = underItsFlags(o, s, listener, err);
            Sizing again = under == null ? null : Sizer.of(under, true);
            if (again != null && !again.isRefused() && again.limit().compareTo(s.limit()) < 0) {
                s = again.keeping(s, "sized from a second run under its own flags (" + String.join(" ", s.env().entrySet().stream().map(e -> e.getKey() + "="
                        + e.getValue()).toList()) + ", " + String.join(" ", s.javaOptions()) + "): without them the limit would be " + s.limit().toIec());
                d = under;
            }
        }
        SizeProof proof = null;
        if (o.prove() && !s.isRefused()) {
            SizeProve prover = new SizeProve();
            try (CtrlC stop = CtrlC.runs(prover::stop)) {
                SizeProof.Run free = prover.once(0, new SizeProve.Options(o.command(), null, List.of(), Map.of(), 1, o.metric(), o.runTimeout()));
                proof = prover.run(new SizeProve.Options(o.command(), o.limit() != null ? o.limit() : s.limit(), flags(s, o.command()), s.env(),
                        o.repeat(), o.metric(), o.runTimeout()), free, err);
            }
        }
        return new SizeResult(o.input() == null ? String.join(" ", o.command()) : o.input(), s, d, proof);
    }

    /**
     * The program watched again under the environment and flags the first sizing recommends (MALLOC_ARENA_MAX and a
     * periodic trim, where glibc kept much): the first run measured what glibc keeps without them, which the flags are
     * there to remove, so the limit is sized again from what is left. Null when that run could not be watched.
     */
    private static TimelineDiagnosis underItsFlags(Options o, Sizing s, Run.Listener listener, PrintWriter err) throws Exception {
        err.println("jrss size: " + String.join(" ", s.env().keySet()) + " changes what glibc keeps: sizing again from a run under the recommended flags ...");
        err.flush();
        Map<String, String> env = new java.util.LinkedHashMap<>(s.env());
        env.put("JAVA_TOOL_OPTIONS", SizeProve.javaToolOptions(flags(s, o.command())));
        Watch.Outcome outcome = runOwn(o, env, listener);
        return outcome.failed() ? null : outcome.result().diagnosis();
    }

    /**
     * The program run and watched to size it, in this environment: it is jrss's own to run, so one GC.run midway reads
     * its live set (--live-probe).
     */
    private static Watch.Outcome runOwn(Options o, Map<String, String> env, Run.Listener listener) throws Exception {
        return Run.run(new Run.Options(o.command(), "glibc", env, true, Duration.ofSeconds(60), o.watch().withLiveProbe()), listener);
    }

    /**
     * The recommendation's flags for the proof runs. A command that sets its own max heap wins over JAVA_TOOL_OPTIONS'
     * -Xmx, and would not start with an -Xms above it: the -Xms is left out (and the user told once, by {@link #run}).
     */
    static List<String> flags(Sizing s, List<String> command) {
        if (!ownMaxHeap(command)) return s.javaOptions();
        return s.javaOptions().stream().filter(f -> !f.startsWith("-Xms")).toList();
    }

    static boolean ownMaxHeap(List<String> command) { return command.stream().anyMatch(a -> a.startsWith("-Xmx") || a.startsWith("-XX:MaxHeapSize=")); }

    /** The watch that a recording or capture directory holds; an IOException naming the path when it holds neither. */
    public static TimelineDiagnosis fromDirectory(Path dir, Replay.Progress progress) throws Exception {
        Source source = Sources.of(List.of(dir), System.in);
        if (source instanceof Source.CaptureDir c) {
            TimelineAssembler a = new TimelineAssembler(0, Duration.ZERO);
            a.add(CaptureDirectory.read(c.dir()));
            TimelineDiagnosis d = a.diagnose();
            if (d == null) throw new IOException(dir + ": a capture without smaps (a cheap sample) has no ledger to size from");
            return d;
        }
        Result r = Sources.result(source, progress);
        if (r instanceof TimelineResult t) return t.diagnosis();
        throw new IOException(dir + " is neither a recording nor a capture directory; jrss size reads those, or a pid");
    }
}
