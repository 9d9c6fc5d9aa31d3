// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.result.SnapshotResult;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.probe.launch.Jdks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** demo: a lab scenario started, explained live while it runs, and stopped. */
public final class Demo {
    /** @param readyTimeout how long the workload may take to be READY */
    public record Options(Scenario scenario, Duration readyTimeout) {}

    /** Told each step; {@code explained} gets the result while the scenario still runs. */
    public interface Listener extends Explain.Listener {
        /** A live capture is not a recording: nothing is read back. */
        @Override default void read(int done, int total) {}

        void starting(Scenario s, Path jdk);

        void ready(int pid, double seconds);

        void explained(SnapshotResult result);

        void done(int pid, double seconds);
    }

    public static void run(Options o, Listener listener) throws Exception {
        long t0 = System.nanoTime();
        Scenario s = o.scenario();
        Path jdk = Jdks.find(s.minJdk());
        listener.starting(s, jdk);
        try (LabRunner child = LabRunner.start(s, jdk, System.getProperty("java.class.path"), Map.of(), o.readyTimeout(), null)) {
            int pid = (int) child.pid();
            listener.ready(pid, (System.nanoTime() - t0) / 1e9);
            listener.explained((SnapshotResult) Explain.run(Explain.Options.live(pid, Duration.ofSeconds(10), false), listener));
            listener.done(pid, (System.nanoTime() - t0) / 1e9);
        }
    }

    private Demo() {}
}
