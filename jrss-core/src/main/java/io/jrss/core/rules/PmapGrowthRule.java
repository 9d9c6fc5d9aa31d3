// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.PmapDiff;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * native-leak from a diff of two pmaps (how a reported case saw it, 64 MiB regions added day after day): glibc's heaps grew between them, a new 64 MiB heap
 * appeared or an arena filled. Only mappings of a glibc heap's shape count (read-write anonymous, at most 64 MiB,
 * starting on a 64 MiB boundary), so the Java heap committing more does not. Sizes are virtual and glibc keeps
 * freed memory, so it is native memory grown, in use or kept: low confidence until glibc's figures or a trim say which.
 */
public final class PmapGrowthRule implements Rule {
    static final long HEAP = 64L << 20;
    static final Bytes MIN_GROWTH = Bytes.ofMiB(64);

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    static boolean glibcHeapShape(Mapping m) { return m.start() % HEAP == 0 && m.size() <= HEAP; }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        PmapDiff d = s.get(Readings.PMAP_DIFF).orNull();
        if (d == null) return RuleResult.quiet();
        Bytes growth = d.growth(PmapGrowthRule::glibcHeapShape);
        if (growth.compareTo(MIN_GROWTH) < 0) return RuleResult.quiet();
        long newHeaps = d.after().stream().filter(m -> glibcHeapShape(m) && d.before().stream().noneMatch(b -> b.start() == m.start())).count();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "Between the two pmaps glibc's heaps grew by " + growth.toIec() + (newHeaps > 0 ? " (" + newHeaps + " new 64 MiB heap(s))" : "")
                        + ": native memory grew, in use by native code or kept free by glibc",
                Evidence.builder().bytes("glibc_heap_growth", growth).value("new_heaps", newHeaps).bytes("total_before", d.totalBefore())
                        .bytes("total_after", d.totalAfter())
                        .value("ruled_out", "the Java heap committing more: only read-write anonymous mappings of a glibc heap's shape"
                                + " (at most 64 MiB, on a 64 MiB boundary) are counted").build(),
                List.of("Tell a leak from fragmentation: jcmd <pid> System.trim_native_heap (RSS that comes back was free memory glibc kept), or glibc's figures in jcmd <pid> VM.info",
                        "Find the call sites of a leak: async-profiler's nativemem mode, or jemalloc's profiling (jrss run --allocator jemalloc --env MALLOC_CONF=prof:true,prof_leak:true)",
                        "Usual holders: zlib Deflater/Inflater never end()ed, JNI libraries, RocksDB, Netty native buffers").stream()
                        .map(r -> r.replace("<pid>", s.pidText())).toList(),
                Confidence.low));
    }
}
