// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.probe.proc.PerfData;
import io.jrss.probe.proc.ProcPid;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The performance counters, as {@code jcmd <pid> PerfCounter.print} prints them (numbers and GC names only). That command is not an attach
 * command: jcmd reads the target's hsperfdata file itself, and so does this, without a word to the target.
 */
final class PerfCounters {
    /** A counter's value that is a number (compiled once: hsperfdata has some 300 counters). */
    private static final Pattern NUMBER = Pattern.compile("-?\\d+");

    private PerfCounters() {}

    /** The counters of {@code pid}, with the file they came from; skipped when the JVM publishes none jrss may read. */
    static CaptureLog.Read read(int pid, String source) throws Exception {
        ProcPid p = ProcPid.of(pid);
        var st = p.status();
        Optional<PerfData.Published> file = PerfData.read(p, st.namespacePid(), st.euid());
        Map<String, String> values = file.map(PerfData.Published::values).orElse(Map.of());
        if (values.isEmpty()) {
            throw new CaptureLog.Skip("no readable hsperfdata file (the JVM runs with -XX:-UsePerfData or -XX:+PerfDisableSharedMem, or belongs to another user)");
        }
        StringBuilder sb = new StringBuilder();
        // Numbers, and the collectors' names. String counters also carry the command line and system properties
        // (java.rt.vmArgs, sun.rt.javaCommand, java.property.*): those may hold secrets and are left out.
        new TreeMap<>(values).forEach((k, v) -> {
            boolean number = NUMBER.matcher(v).matches();
            if (number || k.startsWith("sun.gc.")) sb.append(k).append('=').append(number ? v : "\"" + v + "\"").append('\n');
        });
        return new CaptureLog.Read(sb.toString(), source + " (" + file.get().file() + ")");
    }
}
