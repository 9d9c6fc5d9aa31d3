// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeHeap;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.model.JvmMemoryPools.Pool;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.PerfCounters;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an in-process exporter would read from the JVM's MXBeans, rebuilt from outside for the names dashboards
 * already query (docs/metrics.md, "Names dashboards already use"): the heap and non-heap pools under the
 * MemoryPoolMXBeans' own names, from hsperfdata's generation and space counters (G1, Parallel, Serial; one pool of
 * the whole heap for ZGC and Shenandoah, from GC.heap_info), metaspace and class space from their counters, the code
 * heaps from Compiler.codecache; direct buffer memory from NMT; NMT's categories; the process's RSS and size.
 *
 * @param direct      NMT's malloc of the Other category (direct buffers and other Unsafe.allocateMemory), or null
 * @param directCount the malloc count of that category, or -1
 */
public record MxPools(List<Pool> heap, List<Pool> nonHeap, Bytes direct, long directCount, List<NmtCategory> nmt, Bytes rss, Bytes virtual) {
    /** The MemoryPoolMXBean names of each collector's eden, survivor and old spaces. */
    private static final Map<String, List<String>> GENERATIONS = Map.of(
            "G1", List.of("G1 Eden Space", "G1 Survivor Space", "G1 Old Gen"),
            "Parallel", List.of("PS Eden Space", "PS Survivor Space", "PS Old Gen"),
            "Serial", List.of("Eden Space", "Survivor Space", "Tenured Gen"),
            "CMS", List.of("Par Eden Space", "Par Survivor Space", "CMS Old Gen"));
    private static final Map<String, String> WHOLE_HEAP = Map.of("ZGC", "ZHeap", "ZGC (generational)", "ZHeap", "Shenandoah", "Shenandoah", "Epsilon", "Epsilon Heap");

    public static MxPools of(Snapshot s) {
        PerfCounters pc = s.get(Readings.PERF_COUNTERS).orNull();
        HeapInfo heapInfo = s.get(Readings.HEAP).orNull();
        JvmFlags flags = s.get(Readings.FLAGS).orNull();
        Bytes maxHeap = flags == null ? null : flags.bytes("MaxHeapSize").orElse(null);
        List<Pool> heap = new ArrayList<>(), nonHeap = new ArrayList<>();
        List<String> names = GENERATIONS.get(s.gc());
        if (names != null && pc != null && pc.number("sun.gc.generation.0.space.0.used").isPresent()) {
            Pool eden = space(pc, "sun.gc.generation.0.space.0", names.get(0)), survivor = survivor(pc, names.get(1));
            boolean g1 = s.gc().equals("G1"); // G1's young pools have no max of their own: the MXBean says -1
            heap.add(g1 ? new Pool(eden.name(), eden.used(), eden.committed(), null) : eden);
            heap.add(g1 ? new Pool(survivor.name(), survivor.used(), survivor.committed(), null) : survivor);
            heap.add(space(pc, "sun.gc.generation.1.space.0", names.get(2)));
        } else if (WHOLE_HEAP.containsKey(s.gc()) && heapInfo != null) {
            heap.add(new Pool(WHOLE_HEAP.get(s.gc()), heapInfo.used(), heapInfo.committed(), maxHeap));
        }
        if (pc != null && pc.number("sun.gc.metaspace.used").isPresent()) {
            Pool meta = space(pc, "sun.gc.metaspace", "Metaspace"); // its max is MaxMetaspaceSize, unbounded (-1) by default, not the space reserved
            Bytes maxMeta = flags == null ? null : flags.bytes("MaxMetaspaceSize").filter(b -> b.value() < 1L << 60).orElse(null);
            nonHeap.add(new Pool(meta.name(), meta.used(), meta.committed(), maxMeta));
            if (pc.number("sun.gc.compressedclassspace.used").isPresent()) nonHeap.add(space(pc, "sun.gc.compressedclassspace", "Compressed Class Space"));
        }
        CodeCache cc = s.get(Readings.CODE_CACHE).orNull();
        if (cc != null) for (CodeHeap h : cc.heaps()) nonHeap.add(codeHeap(h, cc.heaps().size()));
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        ProcStatus st = s.get(Readings.STATUS).orNull();
        return new MxPools(heap, nonHeap, nmt == null ? null : nmt.directBuffers(),
                nmt == null ? -1 : nmt.category(io.jrss.core.model.NmtCategories.OTHER).map(NmtCategory::mallocCount).orElse(-1L),
                nmt == null ? List.of() : nmt.categories(), st == null ? null : st.vmRss(), st == null ? null : st.memory().get("VmSize"));
    }

    /** A space's used, capacity (committed) and max capacity (null when -1 or 0). */
    private static Pool space(PerfCounters pc, String prefix, String name) {
        long max = pc.number(prefix + ".maxCapacity").orElse(-1);
        return new Pool(name, Bytes.of(pc.number(prefix + ".used").orElse(0)), Bytes.of(pc.number(prefix + ".capacity").orElse(0)),
                max > 0 && max < Long.MAX_VALUE ? Bytes.of(max) : null);
    }

    /** The MXBean's survivor pool is both survivor spaces together (one of them is empty between collections). */
    private static Pool survivor(PerfCounters pc, String name) {
        Pool a = space(pc, "sun.gc.generation.0.space.1", name), b = space(pc, "sun.gc.generation.0.space.2", name);
        return new Pool(name, a.used().plus(b.used()), a.committed().plus(b.committed()), a.max() == null ? null : a.max().plus(b.max() == null ? Bytes.ZERO : b.max()));
    }

    /**
     * "CodeHeap 'non-profiled nmethods'" as the MXBean names a segment, "CodeCache" when the cache is one heap; committed
     * from its bounds' middle address (low, committed, high), max its size.
     */
    private static Pool codeHeap(CodeHeap h, int heaps) {
        String name = heaps == 1 || h.name().equals("CodeCache") ? "CodeCache" : "CodeHeap '" + h.name() + "'";
        Bytes committed = h.bounds() != null && h.committedEnd() > h.bounds().start() ? Bytes.of(h.committedEnd() - h.bounds().start()) : h.size();
        return new Pool(name, h.used(), committed, h.size());
    }
}
