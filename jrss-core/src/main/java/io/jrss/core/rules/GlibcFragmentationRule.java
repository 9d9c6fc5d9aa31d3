// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmVersion;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * glibc-fragmentation: resident memory inside the malloc arenas that is free, i.e. kept by glibc and not returned
 * to the OS (see the reported cases in docs/findings/glibc-fragmentation.md). A healthy JVM keeps a few percent of its arena memory free (docs/pitfalls.md: 0.03).
 */
public final class GlibcFragmentationRule implements Rule {
    static final Bytes MIN_FREE = Bytes.ofMiB(64);
    static final double MIN_FREE_SHARE_OF_ARENAS = 0.25;

    @Override public String id() { return Findings.GLIBC_FRAGMENTATION.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        MallocAccount m = ledger.malloc();
        if (m == null) return withoutSmaps(s);
        if (m.allocator() != Allocator.glibc) return notEvaluated(m.allocator() + " is preloaded; glibc statistics do not apply");
        if (m.freeInArenas() == null) {
            return notEvaluated("no glibc statistics (VM.info, System.native_heap_info, or glibc's arenas read from /proc/<pid>/mem"
                    + s.get(Readings.GLIBC_ARENAS).why().map(w -> ": " + w.reason()).orElse("") + ")");
        }
        Bytes free = ledger.bytes(Row.MALLOC_FREE);
        double shareOfArenas = free.ratioOf(m.arenaResident());
        double shareOfRss = free.ratioOf(ledger.rss());
        if (free.compareTo(MIN_FREE) < 0 || shareOfArenas < MIN_FREE_SHARE_OF_ARENAS) return RuleResult.quiet();
        Severity sev = shareOfRss >= 0.5 ? Severity.critical : Severity.warning;
        return RuleResult.fired(new Finding(id(), sev,
                "glibc keeps " + free.toIec() + " of freed memory resident (" + Evidence.pct(shareOfArenas)
                        + " of the malloc arenas, " + Evidence.pct(shareOfRss) + " of RSS)",
                Evidence.builder().bytes("malloc_free_resident", free).bytes("arena_resident", m.arenaResident())
                        .bytes("glibc_in_use", m.inUse()).bytes("glibc_free", m.freeInArenas()).value("arenas", m.arenas())
                        .ratio("free_share_of_arenas", shareOfArenas).ratio("free_share_of_rss", shareOfRss)
                        .value("source", m.source())
                        .value("ruled_out", "memory in use, and glibc's free bytes that are not resident (after a trim): smaps measures "
                                + m.arenaResident().toIec() + " resident in the arenas, of which glibc counts " + free.toIec() + " free").build(),
                remedy(s),
                free.ratioOf(m.arenaResident()) >= 0.5 ? Confidence.high : Confidence.medium));
    }

    static final Bytes LOTS_RETAINED = Bytes.ofGiB(1), SOME_RETAINED = Bytes.ofMiB(256);

    /**
     * Without smaps (a pasted VM.info) glibc's figures cannot be measured against resident memory (docs/pitfalls.md
     * 1): a large "retained" is reported, with low confidence, and a trim or smaps settles it.
     */
    private RuleResult withoutSmaps(Snapshot s) {
        var g = s.get(Readings.VM_INFO).map(v -> v.glibc()).orNull();
        var mi = s.get(Readings.MALLOC_INFO).orNull();
        if (g == null && mi == null) return notEvaluated("no smaps and no glibc statistics in the input");
        if (s.preloadedAllocator() != null) return notEvaluated(s.preloadedAllocator() + " is preloaded; glibc statistics do not apply");
        Bytes free = mi != null ? mi.free() : g.retained(), inUse = mi != null ? mi.inUseInArenas() : g.outstanding();
        if (free == null) return notEvaluated("glibc's free bytes are not in the input (an old JDK prints only 'outstanding')");
        if (free.compareTo(LOTS_RETAINED) < 0 && (free.compareTo(SOME_RETAINED) < 0 || free.compareTo(inUse) < 0)) return RuleResult.quiet();
        boolean wrapped = g != null && mi == null && g.mayHaveWrapped();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "glibc reports " + free.toIec() + " freed but kept in its arenas, against " + inUse.toIec() + " in use"
                        + (wrapped ? " (its 32-bit counters may have wrapped)" : "") + "; without smaps it is not measured as resident",
                Evidence.builder().bytes("glibc_free", free).bytes("glibc_in_use", inUse).value("may_have_wrapped", wrapped)
                        .value("source", mi != null ? "malloc_info" : "VM.info C-Heap outstanding/retained")
                        .value("ruled_out", "memory in use: glibc counts " + free.toIec() + " as free; not ruled out: that it was already trimmed (no smaps)").build(),
                remedy(s), Confidence.low));
    }

    /** The order the reported cases settled it in: trim, fewer arenas, an A/B run of another allocator; and how to confirm with a trim. */
    public static List<String> remedy(Snapshot s) {
        JvmVersion v = s.get(Readings.VERSION).orNull();
        String pid = s.pidText();
        // System.trim_native_heap came with JDK 18 and 17's updates; 11.0.13 and JDK 8 have no System.* command at all.
        boolean trimCommand = v == null || v.feature() >= 17;
        String meanwhile = trimCommand ? "; meanwhile jcmd " + pid + " System.trim_native_heap"
                : "; this JDK has no System.trim_native_heap: meanwhile fewer arenas (below) keep less";
        return List.of(trimsPeriodically(v) ? "Trim periodically: -XX:TrimNativeHeapInterval=60000 (this JDK has it)"
                        : "Upgrade to a JDK with -XX:TrimNativeHeapInterval (17.0.9+, 21.0.1+, 22+) and trim periodically" + meanwhile,
                "Fewer arenas fragment less: MALLOC_ARENA_MAX=2 in the JVM's environment",
                "Prove a remedy on this workload before adopting it: jrss compare -- java ... (trim, arena2, jemalloc, tcmalloc, mimalloc against glibc; another allocator is not always a win)",
                trimCommand ? "Confirm what a trim gives back now: jrss watch " + pid + " --trim-probe (runs System.trim_native_heap: it changes the target)"
                        : "Confirm what a trim would give back on a JDK that has System.trim_native_heap (17+): jrss watch <pid> --trim-probe");
    }

    /** -XX:TrimNativeHeapInterval exists in 17.0.9+, 21.0.1+ and 22+. */
    static boolean trimsPeriodically(JvmVersion v) {
        if (v == null) return false;
        if (v.feature() >= 22) return true;
        String[] p = v.version().split("[.+_-]");
        int update = p.length > 2 && p[2].matches("\\d+") ? Integer.parseInt(p[2]) : 0;
        return (v.feature() == 21 && update >= 1) || (v.feature() == 17 && update >= 9);
    }
}
