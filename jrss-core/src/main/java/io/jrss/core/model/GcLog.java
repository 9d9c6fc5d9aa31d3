// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * A GC log's collections, as -Xlog:gc (JDK 9+) or -XX:+PrintGCDetails / -verbose:gc (JDK 8 and older) print them:
 * when (seconds since the JVM started), whether it collected the old generation (a full GC, a G1 remark or mixed
 * collection, a ZGC cycle), why (its cause: "Allocation Failure", "Metadata GC Threshold"), and the heap before, after
 * and its capacity; with PrintGCDetails or -Xlog:gc* also the old generation and metaspace after and their capacity.
 * The header says what the JVM was given: the machine's memory and the max heap and metaspace, where the log prints them.
 *
 * @param uptime seconds since the JVM started, or the line's position when the log prints no time
 */
public record GcLog(List<Collection> collections, boolean timed, Header header) {
    /** @param times the pause's CPU and wall-clock seconds, or null where the log does not print them */
    public record Collection(double uptime, boolean old, String what, String cause, Bytes heapBefore, Bytes heapAfter, Bytes heapCapacity,
                             Bytes oldAfter, Bytes oldCapacity, Bytes metaspaceAfter, Bytes metaspaceCapacity, Times times) {
        public Collection withMetaspace(Bytes after, Bytes capacity) {
            return new Collection(uptime, old, what, cause, heapBefore, heapAfter, heapCapacity, oldAfter, oldCapacity, after, capacity, times);
        }

        public Collection withUptime(double seconds) {
            return new Collection(seconds, old, what, cause, heapBefore, heapAfter, heapCapacity, oldAfter, oldCapacity, metaspaceAfter, metaspaceCapacity, times);
        }

        public Collection withTimes(Times t) {
            return new Collection(uptime, old, what, cause, heapBefore, heapAfter, heapCapacity, oldAfter, oldCapacity, metaspaceAfter, metaspaceCapacity, t);
        }

        public boolean causedBy(String c) { return cause != null && cause.contains(c); }
    }

    /**
     * A pause's "[Times: user=0.92 sys=0.38, real=34.37 secs]" (JDK 8 and older, -XX:+PrintGCDetails) or "User=0.01s
     * Sys=0.00s Real=0.01s" (-Xlog:gc+cpu): the CPU its threads used, summed over them, and the wall-clock time it took.
     */
    public record Times(double user, double sys, double real) {
        /** The CPU seconds of all its threads together. */
        public double cpu() { return user + sys; }
    }

    /**
     * JDK 8's "Memory: 4k page, physical 16318564k(2479136k free)" and "CommandLine flags: -XX:MaxHeapSize=...", unified
     * logging's "[gc,init] Memory: 24105M" and "Heap Max Capacity: 64M"; each null when the log does not print it.
     */
    public record Header(Bytes physicalMemory, Bytes maxHeap, Bytes maxMetaspace) {
        public static final Header NONE = new Header(null, null, null);
    }

    public GcLog(List<Collection> collections, boolean timed) { this(collections, timed, Header.NONE); }
}
