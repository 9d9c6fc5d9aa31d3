// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * {@code GC.heap_info}: which collector, the heap's committed and used bytes, and the address ranges
 * it printed (G1's one range, Parallel's and Serial's generations, Shenandoah's reserved region).
 * ZGC prints no range; its heap is found by its {@code memfd:java_heap} mappings instead.
 *
 * @param gc          "G1", "Parallel", "Serial", "CMS" (JDK 8), "ZGC", "ZGC (generational)", "Shenandoah", "Epsilon" or "unknown"
 * @param metaspace   the "Metaspace used/committed/reserved" line where printed, else null
 * @param classSpace  the "class space used/committed/reserved" line where printed, else null
 */
public record HeapInfo(String gc, Bytes committed, Bytes used, List<AddressRange> ranges, Bytes regionSize,
                       SpaceUsage metaspace, SpaceUsage classSpace) {
    public record SpaceUsage(Bytes used, Bytes committed, Bytes reserved) {}
}
