// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A ledger row that holds most of the RSS while no finding speaks for it: not "nothing needs attention", but what
 * could not be judged and how to find out (a JVM under tcmalloc with 591 MiB of its 709 MiB in native-malloc: the
 * glibc rules cannot read another allocator, and one snapshot cannot tell a leak from a working set). The Java heap
 * is left out: holding most of the RSS is what it is for.
 *
 * @param why what kept the rules that judge this row from judging it (their "not evaluated" reasons), or that none does from one snapshot
 * @param how the next step that judges it
 */
public record Unjudged(String row, Bytes bytes, double shareOfRss, String why, String how) {
    /** A row at or above this share of the RSS, and of at least {@link #MIN}, dominates it. */
    static final double DOMINANT = 0.5;
    static final Bytes MIN = Bytes.ofMiB(128);

    /** The finding ids that speak for each row. */
    static final Map<Row, Set<String>> JUDGED_BY = Map.of(
            Row.NATIVE_MALLOC, Set.of(Findings.NATIVE_LEAK.id(), Findings.GLIBC_FRAGMENTATION.id(), Findings.GLIBC_ARENA_BLOAT.id(), Findings.THP_BLOAT.id()),
            Row.MALLOC_FREE, Set.of(Findings.GLIBC_FRAGMENTATION.id(), Findings.GLIBC_ARENA_BLOAT.id(), Findings.THP_BLOAT.id()),
            Row.DIRECT_BUFFERS, Set.of(Findings.DIRECT_BUFFER_LEAK.id(), Findings.DIRECT_BUFFER_CACHE.id()),
            Row.CLASS_METADATA, Set.of(Findings.METASPACE_LEAK.id()),
            Row.CODE_CACHE, Set.of(Findings.CODE_CACHE_FULL.id()),
            Row.THREAD_STACKS, Set.of(Findings.THREAD_LEAK.id()),
            Row.JVM_MALLOC, Set.of(Findings.COMPILER_MEMORY_SPIKE.id(), Findings.NATIVE_LEAK.id()),
            Row.MAPPED_FILES, Set.of(Findings.MAPPED_FILES.id(), Findings.PAGE_CACHE_IN_USAGE.id()),
            Row.SHARED_MEMORY, Set.of(Findings.ZGC_SHARED_MEMORY.id()));

    public static List<Unjudged> of(Diagnosis d) { return of(d, d.findings(), d.notEvaluated()); }

    /** For a watch: the last snapshot's ledger, judged by the findings and gaps of the whole watch. */
    public static List<Unjudged> of(Diagnosis last, List<Finding> findings, List<RuleResult.NotEvaluated> notEvaluated) {
        return of(last.ledger(), findings, notEvaluated, last.snapshot().pidText(), last.snapshot().preloadedAllocator());
    }

    static List<Unjudged> of(Ledger ledger, List<Finding> findings, List<RuleResult.NotEvaluated> notEvaluated, String pid, Allocator allocator) {
        List<Unjudged> out = new ArrayList<>();
        if (!ledger.rssKnown() || !ledger.rss().isPositive()) return out;
        for (Row row : Row.values()) {
            if (row == Row.JAVA_HEAP || row == Row.JVM_BINARIES) continue;
            Bytes b = ledger.bytes(row);
            double share = b.ratioOf(ledger.rss());
            if (share < DOMINANT || b.compareTo(MIN) < 0) continue;
            Set<String> ids = JUDGED_BY.getOrDefault(row, Set.of());
            if (findings.stream().anyMatch(f -> ids.contains(f.id()))) continue;
            List<String> reasons = notEvaluated.stream().filter(n -> ids.contains(n.rule())).map(n -> n.rule() + ": " + n.reason()).distinct().toList();
            String why = reasons.isEmpty() ? "no rule judges this row from one snapshot" : String.join("; ", reasons);
            out.add(new Unjudged(row.id(), b, share, why, how(row, pid, allocator)));
        }
        return out;
    }

    static String how(Row row, String pid, Allocator allocator) {
        String watch = "jrss watch " + pid + " (a leak keeps growing, a working set levels off)";
        return switch (row) {
            case NATIVE_MALLOC -> (allocator != null ? "it includes what " + allocator + " keeps freed, which jrss cannot read apart: "
                    + "jrss compare -- java ... (the same program under glibc and the other allocators), " : "")
                    + watch + ", and the stacks that allocated it: jrss profile-native " + pid + " (loads an agent into it)";
            case DIRECT_BUFFERS -> "jrss heap " + pid + " (pauses it for a heap dump: the buffers by holder and kind), and " + watch;
            case UNATTRIBUTED, OTHER_ANON -> "jrss capture " + pid + " -o <dir> and read its smaps, and " + watch;
            default -> watch;
        };
    }
}
