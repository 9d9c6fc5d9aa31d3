// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One lab scenario: the workload class that reproduces a memory phenomenon, the JVM flags and environment it runs
 * with, the JDK it needs, the container it must run in, and the finding ids jrss must raise for it.
 *
 * @param name       the scenario's id, as {@code jrss lab run <name>} takes it (a finding id where there is one)
 * @param mainClass  runnable with a bare {@code java -cp}; prints READY once the state it exists to show is reached;
 *                   with {@code -Djrss.lab.exitAfter=<seconds>} it exits with status 0 that long after READY ({@link Ready})
 * @param shows      one sentence: what the scenario reproduces
 * @param jvmFlags   flags besides NMT, which the runner adds ({@code -XX:NativeMemoryTracking=summary})
 * @param env        environment variables the phenomenon needs (e.g. GLIBC_TUNABLES), added to the runner's
 * @param minJdk     the lowest JDK feature release that shows the phenomenon
 * @param container  the cgroup the runner creates around it, or {@link Container#NONE}
 * @param findings   finding ids jrss must raise; empty for the control
 * @param timeline   true when the findings need a timeline (jrss watch), not a single snapshot
 * @param runTime    how long {@code jrss run} or {@code jrss watch} at a 1 s interval needs to raise the findings, READY included
 */
public record Scenario(String name, String mainClass, String shows, List<String> jvmFlags, Map<String, String> env, int minJdk,
                       Container container, List<String> findings, boolean timeline, java.time.Duration runTime) {
    /** The cgroup a scenario needs (cgroup v1, created by the runner, see {@link LabCgroup}). */
    public enum Container {
        NONE,
        /** a cpu cgroup with a 0.2 CPU quota */
        CPU_QUOTA,
        /** a memory cgroup with a 384 MiB limit */
        MEMORY_LIMIT,
        /** a memory cgroup with a 384 MiB limit and memory.swappiness 100, on a host with swap (a swap file if it has none) */
        MEMORY_LIMIT_SWAP,
        /** a memory cgroup with a 768 MiB limit and memory.swappiness 0, for a scenario the kernel's OOM killer is to end */
        MEMORY_LIMIT_KILL
    }

    /** A scenario that needs no environment of its own. */
    public Scenario(String name, String mainClass, String shows, List<String> jvmFlags, int minJdk, Container container,
                    List<String> findings, boolean timeline, java.time.Duration runTime) {
        this(name, mainClass, shows, jvmFlags, Map.of(), minJdk, container, findings, timeline, runTime);
    }

    /** The same scenario in batch mode: it exits with status 0 by itself {@code seconds} after READY. */
    public Scenario exitingAfter(long seconds) {
        List<String> flags = new ArrayList<>(jvmFlags);
        flags.add("-D" + Ready.EXIT_AFTER + "=" + seconds);
        return new Scenario(name, mainClass, shows, List.copyOf(flags), env, minJdk, container, findings, timeline, runTime);
    }
}
