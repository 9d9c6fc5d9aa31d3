// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.catalogue.Messages;
import java.util.List;

/**
 * The task limits an hs_err file or a kernel log states beside a thread that could not start, as evidence and as the
 * likely reason: the container's pids.max reached ("maximum number of tasks" against "current number of tasks", or
 * the kernel's "fork rejected by pids controller"), ulimit -u (rlimit NPROC), kernel.threads-max; and the errno of
 * pthread_create (EAGAIN a limit, EPERM a seccomp filter).
 */
final class ThreadLimits {
    private ThreadLimits() {}

    /** Adds what the messages state to the evidence, and returns the reason they point at, or null. */
    static String addTo(Evidence.Builder e, Messages m) {
        if (m == null) return null;
        Long pidsMax = number(m, "hotspot.os.container-max-tasks", "pidsMax"), pidsNow = number(m, "hotspot.os.container-current-tasks", "pidsCurrent");
        Long nproc = number(m, "hotspot.os.rlimit-line", "nprocSoft");
        if (nproc == null) nproc = number(m, "hotspot.os.rlimit-line-8", "nproc");
        Long threadsMax = number(m, "hotspot.os.threads-max", "threadsMax"), threads = number(m, "hotspot.thread.threads-running", "threads");
        String errno = text(m, List.of("hotspot.thread.start-failed", "hotspot.thread.start-failed-unnamed"), "errno");
        String rejectedBy = text(m, List.of("kernel.pids.fork-rejected"), "cgroup");
        e.value("pids_max", pidsMax).value("tasks_in_cgroup", pidsNow).value("rlimit_nproc", nproc).value("threads_max", threadsMax)
                .value("threads_in_vm", threads).value("pthread_create_errno", errno).value("pids_controller_rejected_fork_in", rejectedBy);
        if (rejectedBy != null) return "the pids controller of " + rejectedBy + " refused the thread: its pids.max was reached";
        if (pidsMax != null && pidsNow != null && pidsNow >= pidsMax - 2) return "the container's pids.max (" + pidsMax + ") was reached: " + pidsNow + " tasks";
        if ("EPERM".equals(errno)) return "pthread_create failed with EPERM: a seccomp filter (an old container runtime) refuses clone3";
        if (nproc != null && threads != null && threads >= nproc * 0.9) return "ulimit -u (" + nproc + ") is about the JVM's " + threads + " threads";
        return null;
    }

    private static Long number(Messages m, String id, String group) {
        return m.first(id).map(f -> f.message().number(group)).orElse(null);
    }

    private static String text(Messages m, List<String> ids, String group) {
        for (String id : ids) {
            var f = m.first(id);
            if (f.isPresent() && f.get().message().value(group) != null) return f.get().message().value(group);
        }
        return null;
    }
}
