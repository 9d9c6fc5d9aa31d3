// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.List;

/**
 * One lab scenario: the workload class that reproduces a memory phenomenon, the JVM flags it runs with, the JDK
 * it needs, the container it must run in, and the finding ids jrss must raise for it.
 *
 * @param name       the scenario's id, as {@code jrss lab run <name>} takes it (a finding id where there is one)
 * @param mainClass  runnable with a bare {@code java -cp}; prints READY once the state it exists to show is reached
 * @param shows      one sentence: what the scenario reproduces
 * @param jvmFlags   flags besides NMT, which the runner adds ({@code -XX:NativeMemoryTracking=summary})
 * @param minJdk     the lowest JDK feature release that shows the phenomenon
 * @param container  the cgroup the runner creates around it, or {@link Container#NONE}
 * @param findings   finding ids jrss must raise; empty for the control
 * @param timeline   true when the findings need a timeline (jrss watch), not a single snapshot
 * @param runTime    how long {@code jrss run} or {@code jrss watch} at a 1 s interval needs to raise the findings, READY included
 */
public record Scenario(String name, String mainClass, String shows, List<String> jvmFlags, int minJdk, Container container,
                       List<String> findings, boolean timeline, java.time.Duration runTime) {
    /** The cgroup a scenario needs: none, a CPU quota, or a memory limit (cgroup v1, created by the runner). */
    public enum Container { NONE, CPU_QUOTA, MEMORY_LIMIT }
}
