// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import io.jrss.lab.Scenario;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What test classes that run at once (src/test/resources/junit-platform.properties) must not do at the same time:
 * run two lab scenarios that need a cgroup. The swap file of swap-in-use is one for the host (the second run would
 * take it for the host's own, and lose it when the first switches it off), and two memory-limited scenarios at once
 * press on the same host memory. Held only while such a scenario runs, so the rest of those classes runs freely.
 */
public final class Locks {
    /**
     * The host's two cores, for {@code @ResourceLock}. LabRunWatchIT, LabBatchIT and LabScenariosIT (whose raw checks
     * measure growth over fixed gaps), and CompareIT (which ranks allocators by steady RSS), hold it alone (READ_WRITE): their
     * scenarios' run times are budgets that READY, the phenomenon and the samples share, and with other classes'
     * JVMs beside them a watch ended too short to judge growth, and compiler-memory-spike's spike fell between
     * samples (the first parallel run). The other classes that keep several JVMs busy hold it shared (READ): they
     * run beside each other and beside the light classes, but not beside those two.
     */
    public static final String HOST_CPU = "host-cpu";

    /**
     * The host's /tmp, where jrss writes into a target that shares it (heap dumps, async-profiler's recordings): held
     * by the classes that check jrss left nothing there (HeapIT) and by those whose watches write there meanwhile
     * (CulpritsIT's --culprits=heap and profile), so that one's check never sees the other's directory.
     */
    public static final String HOST_TMP = "host-tmp";

    private static final ReentrantLock CONTAINER_SCENARIOS = new ReentrantLock(true);

    /** A hold released by close, without a checked exception. */
    public interface Held extends AutoCloseable { @Override void close(); }

    /** Waits until no other container scenario runs when {@code c} needs a cgroup; holds nothing when it does not. */
    public static Held containerScenario(Scenario.Container c) {
        if (c == Scenario.Container.NONE) return () -> { };
        CONTAINER_SCENARIOS.lock();
        return CONTAINER_SCENARIOS::unlock;
    }

    private Locks() {}
}
