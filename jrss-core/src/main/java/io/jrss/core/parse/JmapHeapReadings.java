// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JmapHeap;
import io.jrss.core.model.JvmFlags;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code jmap -heap} says that other readings hold, so that the rules written for them read it too: its
 * configuration as the flags VM.flags prints (MaxHeapSize, MaxMetaspaceSize, ... and the collector's Use...GC), and its
 * spaces as GC.heap_info's committed and used heap, without address ranges (jmap prints none).
 */
public final class JmapHeapReadings {
    private static final Map<String, String> USE = Map.of("G1", "UseG1GC", "Parallel", "UseParallelGC", "CMS", "UseConcMarkSweepGC",
            "Serial", "UseSerialGC", "ZGC", "UseZGC", "Shenandoah", "UseShenandoahGC", "Epsilon", "UseEpsilonGC");

    private JmapHeapReadings() {}

    /** The settings as VM.flags' values, or null when the output has none. */
    public static JvmFlags flags(JmapHeap j) {
        if (j.configuration().isEmpty()) return null;
        Map<String, String> flags = new LinkedHashMap<>(j.configuration());
        if (USE.containsKey(j.gc())) flags.put(USE.get(j.gc()), "true");
        return new JvmFlags(Map.copyOf(flags), null);
    }

    /** The heap's committed bytes (the generations' capacities) and used bytes, or null when no space was printed. */
    public static HeapInfo heapInfo(JmapHeap j) {
        List<JmapHeap.Space> parts = j.parts();
        if (parts.isEmpty()) return null;
        Bytes committed = parts.stream().map(JmapHeap.Space::capacity).reduce(Bytes.ZERO, Bytes::plus);
        Bytes used = parts.stream().map(JmapHeap.Space::used).reduce(Bytes.ZERO, Bytes::plus);
        Bytes region = "G1".equals(j.gc()) ? flag(j, "G1HeapRegionSize") : null;
        return new HeapInfo(j.gc(), committed, used, List.of(), region, null, null);
    }

    private static Bytes flag(JmapHeap j, String name) {
        String v = j.configuration().get(name);
        if (v == null) return null;
        try {
            long n = Long.parseLong(v);
            return n > 0 ? Bytes.of(n) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
