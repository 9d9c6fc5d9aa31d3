// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeHeap;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.VmInfo;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Splits a snapshot's RSS into the ledger's rows.
 *
 * <pre>
 *  smaps ──classify──► pools of resident bytes (exact)
 *     JAVA_HEAP, CODE_CACHE, CLASS_SPACE, THREAD_STACK, BINARY, MAPPED_FILE, SHARED_MEMORY ──► their rows
 *     [heap] + arena heaps ──► malloc in use (glibc: system − free) ──► jvm-malloc, gc-structures, direct-buffers,
 *                          └─► the rest: malloc-free                      native-malloc (NMT splits)
 *     mmapped chunks (by their glibc header) ──► malloc in use, as above
 *     ANONYMOUS ──► NMT mmap committed by category
 *                   (class-metadata, gc-structures, other-anon), each capped by what is left ──► unattributed
 * </pre>
 * Every row is measured resident bytes or a share of them, so the rows always sum to the RSS exactly.
 */
public final class LedgerBuilder {
    public static Ledger build(Snapshot s) {
        List<Mapping> maps = s.get(Readings.SMAPS).orNull();
        if (maps == null) return NmtLedger.build(s);
        VmInfo vmInfo = s.get(Readings.VM_INFO).orNull();
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        List<AddressRange> heapRanges = heapRanges(s.get(Readings.HEAP).orNull(), vmInfo);
        List<AddressRange> codeRanges = codeRanges(s.get(Readings.CODE_CACHE).orNull());
        ClassifiedMappings cm = new MappingClassifier(heapRanges, codeRanges, vmInfo == null ? null : vmInfo.classSpace(),
                s.get(Readings.MAPPING_HEADS).orNull()).classify(maps);
        var pools = cm.residentByKind();
        Rows rows = new Rows();
        List<String> notes = new ArrayList<>();

        rows.add(Row.JAVA_HEAP, pools.get(MappingKind.JAVA_HEAP), Accuracy.exact,
                cm.sharedHeap().isPositive() ? "smaps: memfd:java_heap (ZGC) and heap ranges" : "smaps: Rss inside the heap range of GC.heap_info");
        rows.add(Row.CODE_CACHE, pools.get(MappingKind.CODE_CACHE), Accuracy.exact, "smaps: Rss inside the code heap bounds of Compiler.codecache");
        rows.add(Row.CLASS_METADATA, pools.get(MappingKind.CLASS_SPACE), Accuracy.exact, "smaps: Rss of the compressed class space (VM.info)");
        rows.add(Row.THREAD_STACKS, pools.get(MappingKind.THREAD_STACK), Accuracy.exact, "smaps: stack mappings above guard pages");
        rows.add(Row.JVM_BINARIES, pools.get(MappingKind.BINARY), Accuracy.exact, "smaps: executables, libraries, jars, CDS archive");
        rows.add(Row.MAPPED_FILES, pools.get(MappingKind.MAPPED_FILE), Accuracy.exact, "smaps: other file-backed mappings");
        rows.add(Row.SHARED_MEMORY, pools.get(MappingKind.SHARED_MEMORY), Accuracy.exact, "smaps: shared memory");

        Pool anon = new Pool(pools.get(MappingKind.ANONYMOUS));
        MallocAccount malloc = new MallocSplit(s, cm, anon, rows, notes).apply();
        new NmtMmapClaims(s, nmt, pools.get(MappingKind.CLASS_SPACE), pools.get(MappingKind.THREAD_STACK),
                heapRanges.isEmpty() && cm.sharedHeap().isZero(), codeRanges.isEmpty(), anon, rows, notes).apply();
        if (malloc.allocator() == Allocator.glibc) {
            rows.add(Row.UNATTRIBUTED, anon.remaining(), Accuracy.estimate, "anonymous memory no reading explains");
        } else {
            // Pitfall 4: under another allocator every glibc figure is 0; RSS − NMT committed is native + allocator.
            rows.add(Row.NATIVE_MALLOC, anon.remaining(), Accuracy.estimate,
                    "anonymous memory NMT does not explain, held by " + malloc.allocator() + " (in use and retained)");
            rows.add(Row.UNATTRIBUTED, Bytes.ZERO, Accuracy.estimate, "the residual");
        }
        return new Ledger(cm.total(), "sum of Rss over /proc/<pid>/smaps", rows.build(), malloc, notes, false, pools);
    }

    private static List<AddressRange> heapRanges(HeapInfo heap, VmInfo vmInfo) {
        if (heap != null && !heap.ranges().isEmpty()) return heap.ranges();
        if (vmInfo != null && vmInfo.heap() != null) return List.of(vmInfo.heap());
        return List.of();
    }

    private static List<AddressRange> codeRanges(CodeCache cc) {
        return cc == null ? List.of() : cc.heaps().stream().map(CodeHeap::bounds).filter(java.util.Objects::nonNull).toList();
    }

    private LedgerBuilder() {}
}
