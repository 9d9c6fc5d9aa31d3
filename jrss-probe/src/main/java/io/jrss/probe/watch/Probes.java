// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtDiff;
import io.jrss.core.parse.NmtDiffParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.timeline.ProbeResult;
import io.jrss.probe.LiveCapture;
import io.jrss.probe.attach.JcmdFailed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The opt-in probes of a watch, each of which changes the target and says so: {@code System.trim_native_heap}
 * (glibc's malloc_trim: gives free arena memory back to the OS) and NMT's {@code baseline}/{@code summary.diff}.
 * Each says why it did not run rather than failing the watch.
 */
final class Probes {
    private final int pid;
    private final LiveCapture.Jcmd jcmd;
    private final Clock clock;

    Probes(int pid, LiveCapture.Jcmd jcmd, Clock clock) { this.pid = pid; this.jcmd = jcmd; this.clock = clock; }

    ProbeResult trim(Snapshot last) {
        String command = "System.trim_native_heap";
        String allocator = last == null ? null : last.preloadedAllocator();
        if (allocator != null) return skipped("trim", command, allocator + " is preloaded: malloc_trim only trims glibc's heap, so there is nothing to measure");
        Bytes before = rss();
        try {
            String out = jcmd.run(command).strip();
            Bytes after = rss();
            return new ProbeResult("trim", command, clock.instant(), true, out, before, after, null);
        } catch (JcmdFailed e) {
            return skipped("trim", command, "this JVM has no System.trim_native_heap (it needs 17.0.9+, 21.0.1+ or 22+): " + e.getMessage());
        } catch (Exception e) {
            return skipped("trim", command, "could not run: " + e.getMessage());
        }
    }

    ProbeResult baseline() {
        String command = "VM.native_memory baseline";
        try {
            String out = jcmd.run(command).strip();
            boolean ok = !out.contains("not enabled");
            return new ProbeResult("nmt-baseline", command, clock.instant(), ok,
                    ok ? out : "NMT is off; start the JVM with -XX:NativeMemoryTracking=summary", null, null, null);
        } catch (Exception e) {
            return skipped("nmt-baseline", command, "could not run: " + e.getMessage());
        }
    }

    ProbeResult diff() {
        String command = "VM.native_memory summary.diff";
        try {
            String out = jcmd.run(command);
            NmtDiff diff = null;
            String why = null;
            try {
                diff = NmtDiffParser.parse(out);
            } catch (ParseException e) {
                why = "summary.diff did not parse (line " + e.line() + ": " + e.getMessage() + ")";
            }
            return new ProbeResult("nmt-diff", command, clock.instant(), diff != null, why == null ? out : why + "\n" + out, null, null, diff);
        } catch (Exception e) {
            return skipped("nmt-diff", command, "could not run: " + e.getMessage());
        }
    }

    private ProbeResult skipped(String name, String command, String why) {
        return new ProbeResult(name, command, clock.instant(), false, why, null, null, null);
    }

    private Bytes rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) return Bytes.ofKiB(Long.parseLong(line.replaceAll("\\D", "")));
            }
        } catch (IOException | NumberFormatException e) {
            // the target is gone: no figure
        }
        return null;
    }
}
