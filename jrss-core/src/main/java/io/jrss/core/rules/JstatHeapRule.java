// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Jstat;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * heap-leak from jstat: the old generation stayed full ({@value #FULL} of its capacity or more: {@code O}, or
 * {@code OU/OC}) in each of the last {@value #BACK_TO_BACK} rows while old-generation collections ({@code FGC}, and
 * {@code CGC} from JDK 9) rose between every two of them: the JVM collects back to back and frees almost nothing, the
 * end of a leak or a heap too small for its live set. Critical, medium confidence. A table too short to show that (a
 * row or three) is one moment: an old generation that full is information, as a collection may be about to empty it,
 * unless the paste also holds the OutOfMemoryError. A live set that rises across a series is the timeline's
 * ({@code JstatAnalysis}, heap-leak's timeline rule).
 */
public final class JstatHeapRule implements Rule {
    static final double FULL = 0.95;
    static final int BACK_TO_BACK = 3;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Jstat j = s.get(Readings.JSTAT).orNull();
        if (j == null) return RuleResult.quiet();
        boolean oome = s.get(Readings.MESSAGES).value().map(GcLogHeapLeakRule::heapOome).orElse(false);
        Finding moment = null;
        for (Jstat.Table t : j.tables()) {
            List<Jstat.Row> rows = t.rows().stream().filter(r -> r.oldShare() != null && r.oldCollections() != null).toList();
            if (rows.size() > BACK_TO_BACK) {
                Finding f = backToBack(t, rows, s.pidText());
                if (f != null) return RuleResult.fired(f);
            } else if (moment == null && !t.rows().isEmpty()) {
                moment = oneMoment(t, t.rows().get(t.rows().size() - 1), oome, s.pidText());
            }
        }
        return moment == null ? RuleResult.quiet() : RuleResult.fired(moment);
    }

    private Finding backToBack(Jstat.Table t, List<Jstat.Row> rows, String pid) {
        int n = rows.size();
        for (int i = n - BACK_TO_BACK; i < n; i++) {
            if (rows.get(i).oldShare() < FULL || rows.get(i).oldCollections() <= rows.get(i - 1).oldCollections()) return null;
        }
        Jstat.Row first = rows.get(n - BACK_TO_BACK - 1), last = rows.get(n - 1);
        long collections = last.oldCollections() - first.oldCollections();
        double lowest = rows.subList(n - BACK_TO_BACK, n).stream().mapToDouble(Jstat.Row::oldShare).min().orElse(0);
        return new Finding(id(), Severity.critical,
                "The old generation stays " + (lowest >= 0.995 ? "full" : "at " + Evidence.pct(lowest) + " of its capacity or more") + " in each of the last "
                        + BACK_TO_BACK + " jstat rows, with " + collections + " old-generation collections between them: the JVM collects back to back and frees almost nothing",
                Evidence.builder().value("jstat_option", t.option()).ratio("old_share_last", last.oldShare()).ratio("old_share_lowest", lowest)
                        .bytes("old_used", last.kib("OU")).bytes("old_capacity", last.kib("OC"))
                        .value("old_collections_in_last_rows", collections).value("rows", t.rows().size())
                        .value("ruled_out", "a full old generation a collection is about to empty: it stayed full after each of the last "
                                + BACK_TO_BACK + " rows although collections ran between every two").build(),
                List.of("Dump the live objects now, or at the error next time: jcmd " + pid + " GC.heap_dump /tmp/heap.hprof, -XX:+HeapDumpOnOutOfMemoryError",
                        "A leak grows into this: caches without eviction, result sets and streams never closed, listeners never removed",
                        "If this live set is intended, the heap is too small for it: raise -Xmx and the container limit together"),
                Confidence.medium);
    }

    private Finding oneMoment(Jstat.Table t, Jstat.Row row, boolean oome, String pid) {
        Double share = row.oldShare();
        if (share == null || share < FULL) return null;
        return new Finding(id(), oome ? Severity.critical : Severity.info,
                "The old generation is " + Evidence.pct(share) + " full in " + (t.rows().size() == 1 ? "one jstat row" : "a few jstat rows")
                        + (oome ? ", and the JVM threw OutOfMemoryError: its live set fills the heap"
                                : ": one moment cannot tell a leak from an old generation the next collection empties"),
                Evidence.builder().value("jstat_option", t.option()).ratio("old_share", share).bytes("old_used", row.kib("OU"))
                        .bytes("old_capacity", row.kib("OC")).value("old_collections", row.oldCollections()).value("heap_out_of_memory_error", oome).build(),
                List.of("Take a series: jstat -gc -t " + pid + " 10s for some minutes; what the old generation keeps after its collections (FGC rising) tells a leak",
                        "See what fills it: jcmd " + pid + " GC.class_histogram twice, minutes apart, or a heap dump in Eclipse MAT"),
                oome ? Confidence.medium : Confidence.low);
    }
}
