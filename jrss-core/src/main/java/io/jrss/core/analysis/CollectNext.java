// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * What to collect next to settle what the given outputs leave open: each missing reading that would change the
 * answer, with the command or flag that gets it, most useful first.
 */
public final class CollectNext {
    private CollectNext() {}

    public static List<String> of(Diagnosis d) {
        Snapshot s = d.snapshot();
        String pid = s.pidText();
        List<String> out = new ArrayList<>();
        boolean dead = s.get(Readings.POST_MORTEM).isAvailable();
        if (dead && !s.get(Readings.NMT).isAvailable()) {
            out.add("At the next start keep NMT's ledger of the JVM's own memory: -XX:NativeMemoryTracking=summary -XX:+PrintNMTStatistics (printed at exit)");
        }
        if (!d.ledger().rssKnown()) out.add("The RSS: cat /proc/" + pid + "/status (VmRSS), or /proc/" + pid + "/smaps_rollup");
        if (!s.get(Readings.SMAPS).isAvailable()) out.add("The mappings, for a measured ledger instead of NMT's committed figures: cat /proc/" + pid + "/smaps (or pmap -X " + pid + ")");
        if (!s.get(Readings.NMT).isAvailable() && !dead) {
            out.add("What the JVM itself uses: start it with -XX:NativeMemoryTracking=summary, then jcmd " + pid + " VM.native_memory summary");
        }
        if (s.preloadedAllocator() == null && !s.get(Readings.VM_INFO).map(v -> v.glibc() != null).value().orElse(false) && !s.get(Readings.MALLOC_INFO).isAvailable() && !s.get(Readings.GLIBC_ARENAS).isAvailable()) {
            out.add("glibc's bytes in use and free (fragmentation, arenas): jcmd " + pid + " VM.info (its Process Memory section), or System.native_heap_info on JDK 21+");
        }
        if (!s.get(Readings.CGROUP_MEMORY).isAvailable()) {
            out.add("The container's limit and usage: cat /sys/fs/cgroup/memory.max memory.current memory.stat (cgroup v2; memory.limit_in_bytes, memory.usage_in_bytes on v1)");
        }
        if (!dead && !s.get(Readings.NMT_DIFF).isAvailable()) {
            out.add("Growth over time, which one snapshot cannot show: jrss watch " + pid + ", or jcmd " + pid + " VM.native_memory baseline and, later, summary.diff");
        }
        return out;
    }
}
