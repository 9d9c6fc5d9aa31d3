// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.profile.NativeProfileReader;
import io.jrss.core.result.ProfileResult;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.jvm.Targets;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.NativeProfiler;
import io.jrss.probe.profile.ProfilerRefusal;
import io.jrss.report.FlameGraphs;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "profile-native", header = "CHANGES THE TARGET: who holds native memory, by call site (async-profiler's nativemem).", mixinStandardHelpOptions = true,
        description = {"Load async-profiler (from Maven Central, bundled in jrss) into a running JVM over its attach socket and record",
                "every malloc, calloc, realloc and free with its stack, Java and native frames, for --duration. Then: the bytes",
                "allocated and not freed, by stack and by the Java method that called into native code, joined to the ledger's",
                "native-malloc row measured just before and just after. Running this command is the consent: the hooks are",
                "switched off at the end, the library stays loaded in the target (an agent cannot be unloaded). jrss's files",
                "in the target's /tmp are removed, except the library, which a later session loads again by the same path.", ""},
        footer = {"", "Examples:", "  jrss profile-native 4242                      one minute, one sample per 512 KiB allocated",
                "  jrss profile-native MyService --duration 5m --html native.html",
                "  jrss profile-native 4242 --interval 0 --json  every allocation (more overhead, exact bytes)", "",
                "Refused, with one line: a musl (Alpine) target, a preloaded jemalloc 3, jemalloc or tcmalloc with their own heap profiler on.",
                "Exit codes: 0 ok, 1 the target or the profiler failed, 2 usage error, 130 Ctrl-C (the profile so far is reported)."})
final class ProfileNativeCommand implements Callable<Integer> {
    static final List<String> BLIND = List.of(
            "allocations made before the profile started: memory already held is not attributed (profile longer, or from start-up with -agentpath)",
            "memory that does not come from malloc: mmap by native code, thread stacks, the Java heap and code cache",
            "allocations through glibc's internal entry points or statically linked allocators (async-profiler#1121)",
            "pools that keep what they allocate (Netty's arenas, jemalloc inside a library) read as unfreed though they are reused (async-profiler#1313)",
            "allocations in the last tenth of the profile, too young to call unfreed");

    @Parameters(index = "0", paramLabel = "<target>", description = "A pid, or a unique substring of the main class or jar.")
    String target;
    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long to record (default: ${DEFAULT-VALUE}).")
    Duration duration;
    @Option(names = "--interval", paramLabel = "SIZE", defaultValue = "512k", converter = ByteSizeConverter.class,
            description = "Record one allocation per SIZE bytes allocated; 0 records every one (default: ${DEFAULT-VALUE}).")
    long interval;
    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Timeout for attaching and for each command (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (docs/json.md, profile-native).")
    boolean json;
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the ledger beside the unfreed stacks' flame graph as one HTML file.")
    Path html;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    private volatile boolean interrupted;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        WatchFlags.positive("--duration", duration);
        HtmlFile.check(html);
        int pid = Targets.resolve(target);
        HotSpotAttach attach = HotSpotAttach.to(pid, timeout);
        String refusal = ProfilerRefusal.of(ProcPid.of(pid)).orElse(null);
        if (refusal != null) throw new NativeProfiler.ProfilerException(refusal);
        Diagnosis before = Live.diagnosis(pid, timeout, err);
        err.println("jrss profile-native: CHANGES THE TARGET: loading async-profiler " + NativeProfiler.version() + " into pid " + pid
                + ": malloc and free hooked for " + io.jrss.core.model.Durations.human(duration) + "; the library stays loaded afterwards");
        err.flush();
        Path jfr = Files.createTempFile("jrss-nativemem-", ".jfr");
        try {
            String library;
            try (CtrlC ctrlC = CtrlC.runs(() -> interrupted = true); NativeProfiler profiler = NativeProfiler.start(attach, interval)) {
                library = profiler.library();
                waitFor(err);
                profiler.stop(jfr);
            }
            Diagnosis after = Live.diagnosis(pid, timeout, err);
            NativeProfile profile = NativeProfileReader.read(jfr, interval);
            String title = "jrss profile-native " + pid;
            String flame = html != null && profile.unfreed().isPositive() ? FlameGraphs.leaks(jfr, "unfreed native memory of pid " + pid) : null;
            ProfileResult r = new ProfileResult(pid, NativeProfiler.version(), library, profile, before, after, flame, BLIND);
            Output.print(r, json, Live.terminal() && !noColor, title, spec.commandLine().getOut());
            if (html != null) HtmlFile.write(html, r, title, err);
            return interrupted ? 130 : 0;
        } finally {
            Files.deleteIfExists(jfr);
        }
    }

    /** Sleeps through the profile, a progress line on a terminal, until --duration or Ctrl-C. */
    private void waitFor(PrintWriter err) throws InterruptedException {
        long end = System.nanoTime() + duration.toNanos();
        boolean show = Live.terminal();
        while (!interrupted && System.nanoTime() < end) {
            Thread.sleep(Math.min(1000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            if (show) { err.print("\r\u001b[Kprofiling: " + Math.max(0, (end - System.nanoTime()) / 1_000_000_000) + " s left (Ctrl-C ends it early)"); err.flush(); }
        }
        if (show) { err.print("\r\u001b[K"); err.flush(); }
    }
}
