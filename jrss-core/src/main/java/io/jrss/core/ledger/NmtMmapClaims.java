// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import static io.jrss.core.model.NmtCategories.CLASS;
import static io.jrss.core.model.NmtCategories.CODE;
import static io.jrss.core.model.NmtCategories.GC;
import static io.jrss.core.model.NmtCategories.JAVA_HEAP;
import static io.jrss.core.model.NmtCategories.METASPACE;
import static io.jrss.core.model.NmtCategories.SHARED_CLASS_SPACE;
import static io.jrss.core.model.NmtCategories.THREAD;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.Metaspace;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Set;

/**
 * Claims the JVM's own anonymous mappings that have no printed address range: metaspace outside the class
 * space, GC structures, and the mmap'd part of the other NMT categories. With NMT these are NMT's mmap committed
 * bytes; without it, VM.metaspace's committed bytes and an estimate of the GC's side tables. Each claim takes at
 * most what is left of the anonymous pool, in this order.
 */
final class NmtMmapClaims {
    /** Categories whose mmap'd memory is measured elsewhere (ranges, shapes, files) or claimed explicitly. */
    private static final Set<String> HANDLED = Set.of(JAVA_HEAP, CLASS, METASPACE, THREAD, CODE, GC, SHARED_CLASS_SPACE);

    private final Snapshot s;
    private final NmtSummary nmt;
    private final Bytes classSpaceResident, stacksResident;
    private final boolean noHeapRange, noCodeRange;
    private final Pool anon;
    private final Rows rows;
    private final List<String> notes;

    NmtMmapClaims(Snapshot s, NmtSummary nmt, Bytes classSpaceResident, Bytes stacksResident, boolean noHeapRange,
                  boolean noCodeRange, Pool anon, Rows rows, List<String> notes) {
        this.s = s; this.nmt = nmt; this.classSpaceResident = classSpaceResident; this.stacksResident = stacksResident;
        this.noHeapRange = noHeapRange; this.noCodeRange = noCodeRange; this.anon = anon; this.rows = rows; this.notes = notes;
    }

    void apply() {
        HeapInfo heap = s.get(Readings.HEAP).orNull();
        CodeCache code = s.get(Readings.CODE_CACHE).orNull();
        if (nmt != null) {
            Bytes stacks = nmt.category(THREAD).map(NmtCategory::stackCommitted).orElse(Bytes.ZERO);
            claim(Row.THREAD_STACKS, stacks.minus(stacksResident), "NMT thread stacks not found by shape");
            claim(Row.CLASS_METADATA, nmt.mmapCommitted(CLASS).plus(nmt.mmapCommitted(METASPACE)).minus(classSpaceResident),
                    "NMT Class/Metaspace mmap committed");
            claim(Row.GC_STRUCTURES, nmt.mmapCommitted(GC), "NMT GC mmap committed");
            if (noHeapRange) claim(Row.JAVA_HEAP, nmt.committed(JAVA_HEAP), "NMT Java Heap committed (no heap range)");
            if (noCodeRange) claim(Row.CODE_CACHE, nmt.mmapCommitted(CODE), "NMT Code mmap committed (no code heap bounds)");
            Bytes others = nmt.categories().stream().filter(c -> !HANDLED.contains(c.name()))
                    .map(NmtCategory::mmapCommitted).reduce(Bytes.ZERO, Bytes::plus);
            claim(Row.OTHER_ANON, others, "NMT mmap committed of the other categories");
            return;
        }
        Metaspace ms = s.get(Readings.METASPACE).orNull();
        if (ms != null) {
            Bytes want = ms.nonClass().committed();
            if (classSpaceResident.isZero() && ms.classSpace() != null) want = want.plus(ms.classSpace().committed());
            claim(Row.CLASS_METADATA, want, "VM.metaspace committed");
        }
        if (noHeapRange && heap != null) claim(Row.JAVA_HEAP, heap.committed(), "GC.heap_info committed (no heap range)");
        if (noCodeRange && code != null) {
            claim(Row.CODE_CACHE, code.heaps().stream().map(h -> Bytes.of(h.committedEnd() - h.bounds().start()))
                    .reduce(Bytes.ZERO, Bytes::plus), "Compiler.codecache committed");
        }
        if (heap != null) {
            Bytes gc = GcSideTables.estimate(s.gc(), heap.committed(), s.get(Readings.VERSION).map(v -> v.feature()).value().orElse(17));
            claim(Row.GC_STRUCTURES, gc, "estimated from the GC and the committed heap (NMT is off)");
        }
    }

    private void claim(Row id, Bytes wanted, String source) {
        if (!wanted.isPositive()) return;
        Bytes got = anon.take(wanted);
        rows.add(id, got, Accuracy.estimate, source);
        if (got.compareTo(wanted) < 0 && wanted.minus(got).mib() >= 1) {
            notes.add(id + ": " + source + " is " + wanted.toIec() + " but only " + got.toIec() + " of anonymous memory was left to attribute");
        }
    }
}
