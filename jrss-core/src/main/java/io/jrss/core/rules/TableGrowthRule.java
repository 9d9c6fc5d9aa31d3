// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.ProcessTable;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * native-leak from two tables of one process taken at two times. From two {@code pmap -x}: which kind of memory grew,
 * mapping by mapping (matched by address): the Java heap (HotSpot puts a compressed-oops heap below 32 GiB), glibc's
 * arena heaps (64 MiB-aligned, at most 64 MiB), glibc's main heap ({@code [heap]}), or other anonymous regions
 * (malloc's mmapped chunks, JNI and native libraries). Native memory that grew is named native-leak, never arena
 * bloat: one pair cannot count arenas, and the snapshot's own rule judges the later table's arenas. From two smem or
 * top (or ps) tables, which only say that the process's private memory grew, the rule says so and what would tell the kind.
 */
public final class TableGrowthRule implements Rule {
    static final Bytes MIN_GROWTH = Bytes.ofMiB(64);
    static final long COMPRESSED_OOPS_END = 32L << 30;

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        List<List<Mapping>> pmaps = s.get(Readings.PMAP_SERIES).orNull();
        if (pmaps != null) return pmaps(s, pmaps.get(0), pmaps.get(pmaps.size() - 1), pmaps.size());
        List<ProcessTable> tables = s.get(Readings.PROCESS_TABLES).orNull();
        if (tables != null && tables.size() >= 2) return tables(tables.get(0), tables.get(tables.size() - 1));
        return RuleResult.quiet();
    }

    static String kind(Mapping m) {
        if (m.start() < COMPRESSED_OOPS_END) return "the Java heap (below 32 GiB, where HotSpot puts a compressed-oops heap)";
        if (m.pathname().equals("[heap]")) return "glibc's main heap ([heap], brk)";
        if (PmapGrowthRule.glibcHeapShape(m)) return "glibc arena heaps (64 MiB-aligned, at most 64 MiB)";
        return "anonymous regions outside the Java heap (malloc's mmapped chunks, JNI and native libraries)";
    }

    private RuleResult pmaps(Snapshot s, List<Mapping> before, List<Mapping> after, int tables) {
        Map<Long, Mapping> earlier = new LinkedHashMap<>();
        for (Mapping m : before) earlier.put(m.start(), m);
        Map<String, Bytes> grew = new LinkedHashMap<>();
        Mapping largest = null;
        long largestGrowth = 0;
        for (Mapping m : after) {
            if (!(m.isAnonymous() || m.pathname().equals("[heap]")) || m.isReservedOnly()) continue;
            Mapping b = earlier.get(m.start());
            long growth = m.rss().value() - (b == null ? 0 : b.rss().value());
            if (growth <= 0) continue;
            grew.merge(kind(m), Bytes.of(growth), Bytes::plus);
            if (growth > largestGrowth && m.start() >= COMPRESSED_OOPS_END) { largestGrowth = growth; largest = m; }
        }
        Bytes total = sum(after).minus(sum(before));
        Bytes heap = grew.getOrDefault(kind(new Mapping(0, 1, "rw-p", 0, "", 0, "", Map.of())), Bytes.ZERO);
        Bytes arenas = grew.getOrDefault("glibc arena heaps (64 MiB-aligned, at most 64 MiB)", Bytes.ZERO);
        Bytes nativeGrowth = grew.values().stream().reduce(Bytes.ZERO, Bytes::plus).minus(heap);
        if (nativeGrowth.compareTo(MIN_GROWTH) < 0) return RuleResult.quiet();
        Mapping big = largest;
        Mapping was = big == null ? null : earlier.get(big.start());
        String where = big == null ? "" : ": the largest, " + String.format("%x", big.start()) + " (" + kind(big) + "), "
                + (was == null ? "is new with " + big.rss().toIec() : "grew from " + was.rss().toIec() + " to " + big.rss().toIec()) + " resident";
        Evidence.Builder e = Evidence.builder().bytes("rss_growth", total).bytes("native_growth", nativeGrowth).bytes("java_heap_growth", heap);
        grew.forEach((k, v) -> e.bytes("grew: " + k, v));
        e.value("pmap_tables", tables).value("ruled_out", (arenas.compareTo(nativeGrowth.times(0.5)) < 0
                ? "glibc-arena-bloat: most of the growth (" + nativeGrowth.minus(arenas).toIec() + ") is in regions not of a glibc arena's shape"
                : "glibc-arena-bloat: a pair of tables cannot count arenas (one thread's arena spans several 64 MiB heaps); the later table's arenas are judged on their own")
                + "; the Java heap: regions below 32 GiB are counted apart (" + heap.toIec() + ")");
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "Between the first and the last pmap the resident memory outside the Java heap grew by " + nativeGrowth.toIec() + where,
                e.build(),
                List.of("Tell a leak from memory glibc keeps: jcmd " + s.pidText() + " System.trim_native_heap (JDK 17.0.9+), or glibc's figures in jcmd " + s.pidText() + " VM.info",
                        "Find the call sites: async-profiler's nativemem mode (jrss profile-native " + s.pidText() + "), or jemalloc's profiling (jrss run --allocator jemalloc --env MALLOC_CONF=prof:true,prof_leak:true)",
                        "Usual holders: JNI libraries, zlib Deflater/Inflater never end()ed, RocksDB, Netty's native buffers; NMT (-XX:NativeMemoryTracking=summary) shows whether the JVM itself tracks it"),
                Confidence.low));
    }

    private static Bytes sum(List<Mapping> maps) { return Bytes.of(maps.stream().mapToLong(m -> m.rss().value()).sum()); }

    /** smem or top at two times: the java process's RSS, and what the tool says of its kind. */
    private RuleResult tables(ProcessTable first, ProcessTable last) {
        ProcessTable.Row after = last.java();
        ProcessTable.Row before = after == null ? null : first.pid(after.pid());
        if (before == null || before.rss() == null || after.rss() == null) return RuleResult.quiet();
        Bytes growth = after.rss().minus(before.rss());
        if (growth.compareTo(MIN_GROWTH) < 0 || growth.ratioOf(before.rss()) < 0.1) return RuleResult.quiet();
        String split = first.tool().equals("smem") && before.uss() != null && after.uss() != null
                ? "USS (private) " + after.uss().minus(before.uss()).toSignedIec() + ", PSS " + after.pss().minus(before.pss()).toSignedIec()
                : before.shared() != null && after.shared() != null
                ? "RES - SHR (private) " + after.rss().minus(after.shared()).minus(before.rss().minus(before.shared())).toSignedIec() + ", SHR " + after.shared().minus(before.shared()).toSignedIec()
                : "";
        return notEvaluated("the java process " + after.pid() + " grew from " + before.rss().toIec() + " to " + after.rss().toIec() + " resident between the two "
                + first.tool() + " tables" + (split.isEmpty() ? "" : " (" + split + ")") + ": " + first.tool() + " cannot say which kind of memory grew; a pmap -x (or NMT summary) at each time would");
    }
}
