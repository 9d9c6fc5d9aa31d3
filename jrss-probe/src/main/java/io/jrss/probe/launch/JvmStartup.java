// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import java.io.IOException;
import java.time.Duration;

/**
 * Waits for a launched command to become a JVM jrss can talk to: the process itself (java, or a script that execs
 * java) or its first descendant JVM. A process is tried only once HotSpotAttach's safety checks pass (libjvm mapped,
 * SIGQUIT handled, attach allowed) and a first command answers, so a JVM still starting is never signalled.
 */
public final class JvmStartup {
    private JvmStartup() {}

    public static HotSpotAttach await(Program p, Duration timeout, Duration startup) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + startup.toNanos();
        String last = "it did not start a JVM";
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IOException("the command exited with status " + p.exitValue() + " before jrss could attach (" + last + "); nothing to watch");
            }
            for (long pid : p.family()) {
                try {
                    HotSpotAttach a = HotSpotAttach.to((int) pid, timeout);
                    a.jcmd("VM.version");
                    return a;
                } catch (AttachException e) {
                    last = e.getMessage();
                    if (e.kind() == AttachException.Kind.PERMISSION) throw new IOException(e.getMessage(), e);
                }
            }
            Thread.sleep(50);
        }
        throw new IOException("no JVM of the command answered within " + startup.toSeconds() + " s: " + last);
    }

}
