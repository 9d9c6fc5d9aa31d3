// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * A GC log's collections, as -Xlog:gc (JDK 9+) or -XX:+PrintGCDetails / -verbose:gc (JDK 8 and older) print them:
 * when (seconds since the JVM started), whether it collected the old generation (a full GC, a G1 remark or mixed
 * collection, a ZGC cycle), and the heap before, after and its capacity; with PrintGCDetails also the old
 * generation after and its capacity.
 *
 * @param uptime seconds since the JVM started, or the line's position when the log prints no time
 */
public record GcLog(List<Collection> collections, boolean timed) {
    public record Collection(double uptime, boolean old, String what, Bytes heapBefore, Bytes heapAfter, Bytes heapCapacity,
                             Bytes oldAfter, Bytes oldCapacity) {}
}
