// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.ProcessTable;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * zgc-shared-memory: ZGC backs the heap with a memfd, so it shows as shared memory (RssShmem) and, in container
 * metrics, as page cache. Non-generational ZGC (JDK 17) maps the heap three times: RSS counts it up to three times,
 * PSS counts it once (docs/pitfalls.md 8).
 */
public final class ZgcSharedMemoryRule implements Rule {
    static final Bytes MIN = Bytes.ofMiB(64);

    @Override public String id() { return Findings.ZGC_SHARED_MEMORY.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        String gc = s.gc();
        List<Mapping> maps = s.get(Readings.SMAPS).orNull();
        if (maps != null) return gc.startsWith("ZGC") ? fromSmaps(s, maps) : RuleResult.quiet();
        Bytes shmem = s.get(Readings.STATUS).map(st -> st.rssShmem()).orNull();
        if (gc.startsWith("ZGC") && shmem != null && shmem.compareTo(MIN) >= 0) {
            return RuleResult.fired(new Finding(id(), Severity.info, "The ZGC heap is shared memory: RssShmem is " + shmem.toIec()
                            + (ledger.rssKnown() ? " of the RSS " + ledger.rss().toIec() : ""),
                    Evidence.builder().bytes("rss_shmem", shmem).value("gc", gc)
                            .value("source", "/proc/<pid>/status RssShmem").build(), REMEDY, Confidence.medium));
        }
        ProcessTable.Row top = gc.startsWith("ZGC") ? javaRow(s) : null;
        if (top != null) return fromProcessTable(s, top);
        var cg = s.get(Readings.CGROUP_MEMORY).orNull();
        if (!gc.equals("unknown") || cg == null || cg.shmem().compareTo(CGROUP_MIN) < 0) {
            return maps == null && gc.startsWith("ZGC") ? notEvaluated("no smaps or status in the input") : RuleResult.quiet();
        }
        return RuleResult.fired(new Finding(id(), Severity.info,
                "The cgroup holds " + cg.shmem().toIec() + " of shared memory, counted as page cache: with a JVM, that is ZGC's heap (a memfd)",
                Evidence.builder().bytes("cgroup_shmem", cg.shmem()).bytes("page_cache", cg.pageCache()).bytes("mapped_file", cg.stat("mapped_file"))
                        .value("source", cg.stat().containsKey("shmem") ? "memory.stat shmem" : "memory.stat active_anon + inactive_anon - rss").build(),
                REMEDY, Confidence.low));
    }

    /** Below this, shared memory in a cgroup is tmpfs and IPC as any container has; above it, with a JVM, the heap. */
    static final Bytes CGROUP_MIN = Bytes.ofMiB(256);

    static final List<String> REMEDY = List.of("Read the heap's real footprint as PSS (smaps), not RSS: non-generational ZGC maps it three times",
            "Container metrics count it as shmem/page cache that cannot be dropped: alert on the working set, and size the limit for the whole heap",
            "On JDK 21+ generational ZGC (-XX:+ZGenerational, default in 23+) maps the heap once");

    /** The java row of a pasted top, htop or ps with its shared column (SHR) at {@link #MIN} or more, or null. */
    private static ProcessTable.Row javaRow(Snapshot s) {
        List<ProcessTable> tables = s.get(Readings.PROCESS_TABLES).orNull();
        ProcessTable.Row r = tables == null || tables.isEmpty() ? null : tables.get(tables.size() - 1).java();
        return r == null || r.rss() == null || r.shared() == null || r.shared().compareTo(MIN) < 0 ? null : r;
    }

    /**
     * top's SHR is resident shared memory: file pages (the JDK's libraries and jars, tens of MiB) and shmem. With ZGC,
     * gigabytes of it are the heap's memfd; a RES above the heap's maximum is the heap counted once per view.
     */
    private RuleResult fromProcessTable(Snapshot s, ProcessTable.Row r) {
        Bytes max = maxHeap(s);
        double views = max == null || max.isZero() ? 0 : r.rss().ratioOf(max);
        return RuleResult.fired(new Finding(id(), Severity.info, "The ZGC heap is shared memory: " + r.shared().toIec() + " of the process's "
                        + r.rss().toIec() + " resident is shared (top's SHR)" + (views > 1.5
                        ? ", " + String.format(java.util.Locale.ROOT, "%.1f", views) + "x the heap's maximum " + max.toIec() + ": the heap counted once per mapping" : ""),
                Evidence.builder().bytes("shared_resident", r.shared()).bytes("rss", r.rss()).bytes("heap_max", max)
                        .value("rss_over_heap_max", views > 0 ? Math.round(views * 10) / 10.0 : null).value("gc", s.gc())
                        .value("source", "the shared column (SHR) of a process table: file pages and shmem together").build(),
                REMEDY, views > 1.5 ? Confidence.medium : Confidence.low));
    }

    /** -Xmx from VM.flags, or from jmap -heap's (jhsdb jmap --heap's) configuration. */
    private static Bytes maxHeap(Snapshot s) {
        Bytes flag = s.get(Readings.FLAGS).value().flatMap(f -> f.bytes("MaxHeapSize")).orElse(null);
        if (flag != null) return flag;
        return s.get(Readings.JMAP_HEAP).map(j -> j.maxHeap()).orNull();
    }

    private RuleResult fromSmaps(Snapshot s, List<Mapping> maps) {
        List<Mapping> heap = maps.stream().filter(m -> m.pathname().startsWith("/memfd:java_heap")).toList();
        Bytes rss = heap.stream().map(Mapping::rss).reduce(Bytes.ZERO, Bytes::plus);
        Bytes pss = heap.stream().map(Mapping::pss).reduce(Bytes.ZERO, Bytes::plus);
        if (rss.compareTo(MIN) < 0) return RuleResult.quiet();
        Bytes committed = s.get(Readings.HEAP).map(h -> h.committed()).orNull();
        double inflation = committed == null || committed.isZero() ? 1 : rss.ratioOf(committed);
        return RuleResult.fired(new Finding(id(), Severity.info,
                "The ZGC heap is " + rss.toIec() + " of shared memory (memfd:java_heap)" + (inflation > 1.1
                        ? ", " + String.format(java.util.Locale.ROOT, "%.1f", inflation) + "x its committed size through multi-mapping" : ""),
                Evidence.builder().bytes("heap_shared_rss", rss).bytes("heap_shared_pss", pss).bytes("heap_committed", committed)
                        .ratio("rss_over_committed", inflation).value("gc", s.gc()).build(),
                List.of("Read the heap's real footprint as PSS (" + pss.toIec() + "), not RSS",
                        "Container metrics count it as shmem/page cache: alert on the working set, not on cache",
                        "On JDK 21+ generational ZGC (-XX:+ZGenerational, default in 23+) maps the heap once"),
                Confidence.high));
    }
}
