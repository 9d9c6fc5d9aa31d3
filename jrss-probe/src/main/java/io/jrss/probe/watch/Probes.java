// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.capture.ProbeResult;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.JcmdFailed;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.time.Clock;

/**
 * The opt-in probes of a watch, each of which changes the target and says so: {@code System.trim_native_heap}
 * (glibc's malloc_trim: gives free arena memory back to the OS), with the target's status read just before and just
 * after, NMT's {@code baseline}/{@code summary.diff}, and {@code GC.run} to read the live set. Each keeps the JVM's answer verbatim, or says why it did
 * not run rather than failing the watch; what the answers mean is core's business ({@code ProbeOutcome}).
 */
final class Probes {
    private final int pid;
    private final LiveCapture.Jcmd jcmd;
    private final Clock clock;

    Probes(int pid, LiveCapture.Jcmd jcmd, Clock clock) { this.pid = pid; this.jcmd = jcmd; this.clock = clock; }

    /** @param unmeasurable why a trim would measure nothing here (another allocator is preloaded), or null */
    ProbeResult trim(String unmeasurable) {
        String command = "System.trim_native_heap";
        if (unmeasurable != null) return ProbeResult.skipped(ProbeResult.TRIM, command, clock.instant(), unmeasurable);
        String before = status();
        try {
            String out = jcmd.run(command).strip();
            return new ProbeResult(ProbeResult.TRIM, command, clock.instant(), true, out, before, status());
        } catch (JcmdFailed e) {
            return ProbeResult.skipped(ProbeResult.TRIM, command, clock.instant(),
                    "this JVM has no System.trim_native_heap (it needs 17.0.9+, 21.0.1+ or 22+): " + e.getMessage());
        } catch (Exception e) {
            return ProbeResult.skipped(ProbeResult.TRIM, command, clock.instant(), "could not run: " + e.getMessage());
        }
    }

    /** One full collection, so that the old generation the next sample reads holds the live set alone (--live-probe). */
    ProbeResult live() {
        String command = "GC.run", before = status();
        try {
            return new ProbeResult(ProbeResult.LIVE, command, clock.instant(), true, jcmd.run(command).strip(), before, status());
        } catch (Exception e) {
            return ProbeResult.skipped(ProbeResult.LIVE, command, clock.instant(), "could not run: " + e.getMessage());
        }
    }

    ProbeResult baseline() { return run(ProbeResult.NMT_BASELINE, "VM.native_memory baseline"); }

    ProbeResult diff() { return run(ProbeResult.NMT_DIFF, "VM.native_memory summary.diff"); }

    private ProbeResult run(String name, String command) {
        try {
            return new ProbeResult(name, command, clock.instant(), true, jcmd.run(command).strip(), null, null);
        } catch (Exception e) {
            return ProbeResult.skipped(name, command, clock.instant(), "could not run: " + e.getMessage());
        }
    }

    /** The target's /proc status as it is now, or null when it is gone. */
    private String status() {
        try {
            return ProcPid.of(pid).statusText();
        } catch (IOException e) {
            return null;
        }
    }
}
