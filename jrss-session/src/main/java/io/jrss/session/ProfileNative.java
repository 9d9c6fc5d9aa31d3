// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.profile.NativeProfile;
import io.jrss.core.profile.NativeProfileReader;
import io.jrss.core.result.ProfileResult;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.jvm.Targets;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.NativeProfiler;
import io.jrss.probe.profile.ProfilerRefusal;
import io.jrss.report.profile.FlameGraphs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * profile-native: the ledger before, async-profiler's nativemem hooks for --duration (or until Ctrl-C), the ledger
 * after, and the unfreed allocations by stack between them.
 */
public final class ProfileNative {
    static final List<String> BLIND = List.of(
            "allocations made before the profile started: memory already held is not attributed (profile longer, or from start-up with -agentpath)",
            "memory that does not come from malloc: mmap by native code, thread stacks, the Java heap and code cache",
            "allocations through glibc's internal entry points or statically linked allocators (async-profiler#1121)",
            "pools that keep what they allocate (Netty's arenas, jemalloc inside a library) read as unfreed though they are reused (async-profiler#1313)",
            "allocations in the last tenth of the profile, too young to call unfreed");

    /**
     * @param interval one allocation recorded per this many bytes allocated; 0 records every one
     * @param flame    also draw the unfreed stacks' flame graph (for an HTML report)
     */
    public record Options(String target, Duration duration, long interval, Duration timeout, boolean flame) {}

    /** Told when the profiler is loaded, every second of the profile and when it ends. */
    public interface Listener {
        void loading(int pid, String profilerVersion, Duration duration);

        void left(long seconds);

        void waited();
    }

    /** @param interrupted Ctrl-C ended the profile early: exit status 130 */
    public record Outcome(ProfileResult result, boolean interrupted) {}

    private volatile boolean interrupted;

    private ProfileNative() {}

    public static Outcome run(Options o, Listener listener) throws Exception { return new ProfileNative().profile(o, listener); }

    private Outcome profile(Options o, Listener listener) throws Exception {
        int pid = Targets.resolve(o.target());
        HotSpotAttach attach = HotSpotAttach.to(pid, o.timeout());
        String refusal = ProfilerRefusal.of(ProcPid.of(pid)).orElse(null);
        if (refusal != null) throw new NativeProfiler.ProfilerException(refusal);
        Diagnosis before = Capturing.diagnosis(pid, o.timeout());
        listener.loading(pid, NativeProfiler.version(), o.duration());
        Path jfr = Files.createTempFile("jrss-nativemem-", ".jfr");
        try {
            String library;
            try (CtrlC ctrlC = CtrlC.runs(() -> interrupted = true); NativeProfiler profiler = NativeProfiler.start(attach, o.interval())) {
                library = profiler.library();
                waitFor(o.duration(), listener);
                profiler.stop(jfr);
            }
            Diagnosis after = Capturing.diagnosis(pid, o.timeout());
            NativeProfile profile = NativeProfileReader.read(jfr, o.interval());
            String flame = o.flame() && profile.unfreed().isPositive() ? FlameGraphs.leaks(jfr, "unfreed native memory of pid " + pid) : null;
            return new Outcome(new ProfileResult(pid, NativeProfiler.version(), library, profile, before, after, flame, BLIND), interrupted);
        } finally {
            Files.deleteIfExists(jfr);
        }
    }

    /** Sleeps through the profile, telling the seconds left, until --duration or Ctrl-C. */
    private void waitFor(Duration duration, Listener listener) throws InterruptedException {
        long end = System.nanoTime() + duration.toNanos();
        while (!interrupted && System.nanoTime() < end) {
            Thread.sleep(Math.min(1000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            listener.left(Math.max(0, (end - System.nanoTime()) / 1_000_000_000));
        }
        listener.waited();
    }
}
