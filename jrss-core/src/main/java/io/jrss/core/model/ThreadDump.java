// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * A thread dump ({@code jstack}, {@code jcmd Thread.print}): the Java threads with their names and states, and the
 * JVM's own threads (GC, compiler, VM), which have a name and no Java state.
 *
 * @param vm       the "Full thread dump" line's VM, or null when the paste starts later
 * @param threads  every thread, in the dump's order
 * @param dumps    how many dumps the text held; {@code threads} are the last one's
 */
public record ThreadDump(String vm, List<Thread> threads, int dumps) {
    /**
     * @param state  "RUNNABLE", "WAITING", "TIMED_WAITING", "BLOCKED" (java.lang.Thread.State), or null for the JVM's own threads
     * @param at     the top frame of its stack that is not a waiting primitive (park, wait, sleep, a queue's take, a
     *               selector's poll): the code that runs or waits, {@code java.util.concurrent.ThreadPoolExecutor.getTask}
     *               for an idle pool worker; null without frames (an hs_err list, the JVM's threads)
     */
    public record Thread(String name, String state, boolean daemon, String at) {
        public Thread(String name, String state, boolean daemon) { this(name, state, daemon, null); }
    }

    /** The Java threads (those with a java.lang.Thread.State) grouped by name pattern and state. */
    public ThreadGroups javaGroups() {
        return ThreadGroups.of(threads.stream().filter(t -> t.state() != null).map(t -> new ThreadGroups.Member(t.name(), t.state())).toList());
    }

    public long javaThreads() { return threads.stream().filter(t -> t.state() != null).count(); }
}
