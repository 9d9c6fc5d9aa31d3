// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The ledger when there is no smaps (an NMT summary someone pasted, an hs_err file): NMT's committed bytes by row,
 * and the RSS where the input has it. Committed is an upper bound of resident, so these rows are estimates and the
 * ledger is partial: its rows sum to the RSS only by chance. What NMT cannot see (native code's malloc, glibc's
 * free memory, files, binaries) is {@code unattributed}: RSS minus NMT's committed total, when the RSS is known.
 */
final class NmtLedger {
    private NmtLedger() {}

    static Ledger build(Snapshot s) {
        Bytes rss = s.get(Readings.ROLLUP).map(r -> r.rss()).value().orElse(s.get(Readings.STATUS).map(st -> st.vmRss()).value()
                .orElse(s.get(Readings.VM_INFO).value().map(v -> v.residentSetSize()).orElse(null)));
        String rssSource = rss == null ? "unknown: the input has no smaps, smaps_rollup, status or Process Memory"
                : s.get(Readings.ROLLUP).isAvailable() ? "smaps_rollup"
                : s.get(Readings.STATUS).isAvailable() ? "status VmRSS" : "VM.info Resident Set Size";
        List<String> notes = new ArrayList<>();
        notes.add("no /proc/<pid>/smaps in the input: rows are NMT's committed bytes (an upper bound of what is resident), not measured");
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        Rows rows = new Rows();
        Bytes claimed = Bytes.ZERO;
        if (nmt != null) {
            String src = "NMT committed";
            claimed = add(rows, Row.JAVA_HEAP, nmt.committed(NmtCategories.JAVA_HEAP), src + " of Java Heap", claimed);
            claimed = add(rows, Row.CLASS_METADATA, nmt.classMetadata(), src + " of Class and Metaspace", claimed);
            Bytes stacks = nmt.threadStacks();
            claimed = add(rows, Row.THREAD_STACKS, stacks, src + " of thread stacks", claimed);
            claimed = add(rows, Row.CODE_CACHE, nmt.committed(NmtCategories.CODE), src + " of Code", claimed);
            claimed = add(rows, Row.GC_STRUCTURES, nmt.committed(NmtCategories.GC), src + " of GC", claimed);
            claimed = add(rows, Row.DIRECT_BUFFERS, nmt.directBuffers(), "NMT malloc of Other (direct buffers, Unsafe)", claimed);
            Bytes rest = nmt.totalCommitted().minus(claimed).atLeastZero();
            claimed = add(rows, Row.JVM_MALLOC, rest, "NMT committed of the other categories (Internal, Symbol, Arena Chunk, ...)", claimed);
        } else {
            notes.add("no NMT summary either: nothing in the input splits the RSS");
        }
        if (rss == null) {
            rows.add(Row.UNATTRIBUTED, Bytes.ZERO, Accuracy.estimate, "unknown: the RSS is not in the input");
            notes.add("the RSS is unknown, so what NMT does not see cannot be measured: add /proc/<pid>/status or smaps_rollup");
            return new Ledger(Bytes.ZERO, rssSource, rows.build(), null, notes, true, Map.of());
        }
        Bytes gap = rss.minus(claimed);
        if (!gap.isPositive()) notes.add("NMT's committed total exceeds the RSS by " + gap.atLeastZero().minus(gap).toIec() + ": not all committed memory is resident");
        rows.add(Row.UNATTRIBUTED, gap.atLeastZero(), Accuracy.estimate,
                nmt == null ? "the RSS: nothing in the input splits it" : "RSS minus NMT committed: native code's malloc, glibc's free memory, files, binaries");
        return new Ledger(rss, rssSource, rows.build(), null, notes, true, Map.of());
    }

    private static Bytes add(Rows rows, Row id, Bytes b, String source, Bytes claimed) {
        if (b.isPositive()) rows.add(id, b, Accuracy.estimate, source);
        return claimed.plus(b);
    }
}
