// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.jvm;

import io.jrss.core.model.ProcStatus;
import io.jrss.probe.proc.ProcPid;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link JvmLocator#list()} for an exporter that looks at /proc every interval: what was decided about a process is
 * kept while it is the same program, so a node's hundreds of processes cost two small reads each per look (stat and
 * the exe link) instead of their status, command line, maps and hsperfdata. The same program means the same pid, start
 * time and executable: a shell that execs java keeps its pid and start time but changes its exe, so it is looked at
 * again. Kept: processes that are not JVMs, and JVMs jrss may attach to; a JVM it may not attach to yet (starting, or
 * not handling SIGQUIT) is looked at again each time. A kept JVM's {@code rss} is as first read: the exporter samples its own.
 */
public final class JvmCensus {
    private record Key(long startTime, String exe) {}

    private record Known(Key key, JvmProcess jvm) {}

    private final Map<Integer, Known> known = new HashMap<>();
    private int described;

    /** The JVMs running now, by pid, as {@link JvmLocator#list()} finds them. */
    public synchronized List<JvmProcess> list() {
        List<JvmProcess> jvms = new ArrayList<>();
        Map<Integer, Known> now = new HashMap<>();
        long self = ProcessHandle.current().pid();
        ProcStatus selfStatus = null;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                int pid = Integer.parseInt(entry.getFileName().toString());
                if (pid == self) continue;
                Key key = key(pid);
                if (key == null) continue; // exited while we looked
                Known k = known.get(pid);
                if (k == null || !k.key().equals(key)) {
                    if (selfStatus == null) selfStatus = ProcPid.self().status();
                    Optional<JvmProcess> jvm = JvmLocator.describe(ProcPid.of(pid), selfStatus);
                    described++;
                    k = new Known(key, jvm.orElse(null));
                    if (jvm.isPresent() && !jvm.get().attachable()) { jvms.add(jvm.get()); continue; } // looked at again next time
                }
                now.put(pid, k);
                if (k.jvm() != null) jvms.add(k.jvm());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc: " + e.getMessage(), e);
        }
        known.clear();
        known.putAll(now);
        jvms.sort(Comparator.comparingInt(JvmProcess::pid));
        return jvms;
    }

    /** How many processes were described (read in full) since this census began: the cost the cache saves. */
    public synchronized int described() { return described; }

    /** The start time and executable of a process (its argv where the exe link is closed to us), or null once it is gone. */
    private static Key key(int pid) {
        try {
            long start = ProcPid.of(pid).startTime();
            String exe;
            try {
                exe = Files.readSymbolicLink(Path.of("/proc/" + pid + "/exe")).toString();
            } catch (IOException e) {
                exe = "argv:" + String.join(" ", ProcPid.of(pid).cmdline()); // another user's process: an exec changes its argv
            }
            return new Key(start, exe);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
