// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.cgroup;

import io.jrss.core.text.Untrusted;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's own word that its OOM killer ended a process, from its log ({@code dmesg}, which needs root or
 * kernel.dmesg_restrict=0): "Killed process PID (comm) total-vm:..., anon-rss:..." since Linux 4.x, "Kill process PID
 * (comm) score N or sacrifice child" before. Read only once a JVM is gone and its cgroup no longer counts kills (a
 * container runtime removes it at once); a line older than the process's start (a reused pid) never matches.
 */
public final class KernelLog {
    private static final int MAX_READ = 8 << 20; // the kernel's ring buffer is at most a few MiB
    private static final Pattern LINE = Pattern.compile("^\\[\\s*(\\d+)\\.\\d+\\][^\\n]*?\\bKill(?:ed)? process (\\d+) \\([^\\n]*$", Pattern.MULTILINE);

    /**
     * The kernel log's line reporting that the OOM killer ended {@code pid}, or null when the log has none or cannot be read.
     *
     * @param startedSecondsAfterBoot when the process started, in seconds since boot (its stat's starttime over USER_HZ)
     */
    public static String killed(int pid, long startedSecondsAfterBoot) {
        String log = dmesg();
        return log == null ? null : find(log, pid, startedSecondsAfterBoot);
    }

    static String find(String log, int pid, long startedSecondsAfterBoot) {
        String found = null;
        Matcher m = LINE.matcher(log);
        while (m.find()) {
            if (Integer.parseInt(m.group(2)) == pid && Long.parseLong(m.group(1)) >= startedSecondsAfterBoot) found = Untrusted.line(m.group());
        }
        return found;
    }

    private static String dmesg() {
        try {
            Process p = new ProcessBuilder("dmesg").redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readNBytes(MAX_READ), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(3, TimeUnit.SECONDS)) { p.destroyForcibly(); return null; }
            return p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private KernelLog() {}
}
