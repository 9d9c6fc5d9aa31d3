// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The value each signal must not reach, where there is one: the container limit for RSS and cgroup usage, the max
 * heap for the heap, MaxDirectMemorySize for direct memory, the code cache size, MaxMetaspaceSize when it is set.
 * Keys are signal names; a signal without a limit has no key.
 */
public final class Limits {
    /** HotSpot's default MaxMetaspaceSize: "unlimited". */
    private static final long UNLIMITED = 1L << 50;

    private Limits() {}

    public static Map<String, Double> of(Snapshot s) {
        Map<String, Double> m = new LinkedHashMap<>();
        s.get(Readings.CGROUP_MEMORY).value().map(c -> c.limit()).ifPresent(limit -> {
            m.put(Signals.RSS.name(), (double) limit.value());
            m.put(Signals.CGROUP_USAGE.name(), (double) limit.value());
        });
        JvmFlags f = s.get(Readings.FLAGS).orNull();
        Bytes maxHeap = f == null ? null : f.bytes("MaxHeapSize").orElse(null);
        if (maxHeap != null) {
            for (String h : new String[] {Signals.HEAP_COMMITTED.name(), Signals.HEAP_USED.name(), Signals.HEAP_OLD_USED.name()}) m.put(h, (double) maxHeap.value());
        }
        if (f != null) {
            Bytes direct = f.bytes("MaxDirectMemorySize").filter(Bytes::isPositive).orElse(maxHeap); // 0 means "as -Xmx"
            if (direct != null) m.put(Signals.DIRECT_MEMORY.name(), (double) direct.value());
            f.bytes("MaxMetaspaceSize").filter(b -> b.value() < UNLIMITED).ifPresent(b -> m.put(Signals.METASPACE_COMMITTED.name(), (double) b.value()));
        }
        s.get(Readings.CODE_CACHE).value().ifPresent(cc -> {
            if (cc.size().isPositive()) m.put(Signals.CODE_CACHE_USED.name(), (double) cc.size().value());
        });
        return m;
    }
}
