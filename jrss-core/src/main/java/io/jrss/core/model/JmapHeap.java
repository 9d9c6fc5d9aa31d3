// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;
import java.util.Map;

/**
 * {@code jmap -heap <pid>} (JDK 7 and 8) and {@code jhsdb jmap --heap --pid <pid>} (JDK 9+), which print the same:
 * the collector, the heap's configuration (MaxHeapSize, NewSize, MaxMetaspaceSize, ... in bytes) and the use of each
 * space (capacity, used) under "Heap Usage:".
 *
 * @param jvmVersion    "JVM version is ..." as printed (25.66-b17 is JDK 8's HotSpot 25), or null
 * @param gc            "G1", "Parallel", "CMS", "Serial", "ZGC", "Shenandoah", "Epsilon" or "unknown"
 * @param configuration each "Name = value" of Heap Configuration as VM.flags would print it (bytes, or a plain
 *                      number; "unlimited", printed "17592186044415 MB", is 18446744073709551615 as in VM.flags)
 * @param spaces        the spaces of Heap Usage that print a capacity, in order ("Eden Space", "PS Old Generation",
 *                      "G1 Heap", ...); empty when the tool failed before them
 */
public record JmapHeap(String jvmVersion, String gc, Map<String, String> configuration, List<Space> spaces) {
    /** @param capacity what the space has committed (Shenandoah prints its max apart); @param regions G1's region count, or -1 */
    public record Space(String name, Bytes capacity, Bytes used, long regions) {
        public double share() { return capacity.isPositive() ? used.ratioOf(capacity) : 0; }
    }

    /** MaxHeapSize of the configuration, or null when it is missing or not a number of bytes. */
    public Bytes maxHeap() {
        String v = configuration.get("MaxHeapSize");
        return v == null || !v.matches("\\d{1,18}") ? null : Bytes.of(Long.parseLong(v));
    }

    public Space space(String name) { return spaces.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null); }

    /** The old generation (PS Old, CMS's, tenured, G1 Old), or null: ZGC and Shenandoah have none apart. */
    public Space old() {
        return spaces.stream().filter(s -> s.name().matches("(?i).*(old gen|tenured gen|mark-sweep gen|old generation).*")).findFirst().orElse(null);
    }

    /**
     * The generations' spaces, which add up to the heap: eden, the survivors and the old generation; the lines that
     * sum or bound them ("New Generation (Eden + 1 Survivor Space)", G1 Heap's max capacity) and PermGen are left out.
     */
    public List<Space> parts() {
        if (spaces.size() == 1) return spaces; // ZGC's or Shenandoah's one heap
        return spaces.stream().filter(s -> s.name().matches("(?i)(eden|from|to|survivor) space") || s == old()).toList();
    }
}
