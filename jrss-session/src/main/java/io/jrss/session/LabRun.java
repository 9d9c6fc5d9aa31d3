// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.probe.launch.Allocators;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * lab run: a scenario started in a child JVM, kept until Ctrl-C or --duration; its exiting by itself is a failure,
 * except for a scenario made to be killed at its memory limit.
 */
public final class LabRun {
    /** @param duration how long to keep it, or null until Ctrl-C */
    public record Options(Scenario scenario, Path jdk, String allocator, Duration duration) {}

    /** Told once the scenario is READY. */
    public interface Listener { void ready(long pid, String where); }

    public static void run(Options o, Listener listener) throws Exception {
        Scenario s = o.scenario();
        try (LabRunner run = LabRunner.start(s, o.jdk(), System.getProperty("java.class.path"), Allocators.environment(o.allocator()),
                Duration.ofSeconds(60), System.err)) {
            listener.ready(run.pid(), run.where());
            boolean exited = run.waitFor(o.duration() == null ? Duration.ofDays(365) : o.duration());
            if (exited && s.container() == Scenario.Container.MEMORY_LIMIT_KILL) {
                System.err.println("jrss lab: scenario " + s.name() + " ended with status " + run.exitValue() + (run.exitValue() == 137 ? " (SIGKILL)" : "")
                        + ", as it is made to: the kernel's OOM killer ends it at its limit");
            } else if (exited) {
                throw new IOException("scenario " + s.name() + " exited by itself");
            }
        }
    }

    private LabRun() {}
}
