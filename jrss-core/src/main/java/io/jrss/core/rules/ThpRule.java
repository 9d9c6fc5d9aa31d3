// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.ThreadStacks;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * thp-bloat: transparent huge pages back much of the anonymous memory (sparse use of 2 MiB pages inflates RSS), or
 * thread stacks are resident in full, as THP 'always' makes 2 MiB-aligned stacks (JDK-8303215).
 */
public final class ThpRule implements Rule {

    @Override public String id() { return Findings.THP_BLOAT.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        var maps = s.get(Readings.SMAPS).orNull();
        Bytes huge = s.get(Readings.ROLLUP).map(r -> r.anonHugePages()).orNull();
        if (huge == null && maps != null) huge = Bytes.of(maps.stream().mapToLong(m -> m.field("AnonHugePages").value()).sum());
        String mode = s.get(Readings.THP_ENABLED).orNull();
        RuleResult stacks = maps == null ? null : stacks(s, maps, mode);
        if (huge == null) return stacks != null ? stacks : notEvaluated("neither smaps_rollup nor smaps was read");
        double share = ledger.rssKnown() ? huge.ratioOf(ledger.rss()) : 0;
        if (huge.compareTo(MIN) < 0 || share < 0.1) return stacks != null ? stacks : RuleResult.quiet();
        boolean jvmAsked = s.get(Readings.FLAGS).map(f -> f.isOn("UseTransparentHugePages")).value().orElse(false);
        return RuleResult.fired(new Finding(id(), "always".equals(mode) ? Severity.warning : Severity.info,
                "Transparent huge pages back " + huge.toIec() + " (" + Evidence.pct(share) + " of RSS)" + (mode == null ? "" : ", THP mode '" + mode + "'"),
                Evidence.builder().bytes("anon_huge_pages", huge).ratio("share_of_rss", share).value("thp_enabled", mode)
                        .value("UseTransparentHugePages", jvmAsked)
                        .value("ruled_out", "a few huge pages the heap asked for: " + huge.toIec() + " of anonymous memory is in huge pages, " + Evidence.pct(share) + " of RSS").build(),
                remedies(s, mode, jvmAsked),
                Confidence.medium));
    }

    /** Who asked for the huge pages, first: glibc's tunable, the JVM's flag, or the host's mode. */
    private static List<String> remedies(Snapshot s, String mode, boolean jvmAsked) {
        List<String> r = new java.util.ArrayList<>();
        String tunables = s.environment().getOrDefault("GLIBC_TUNABLES", "");
        if (tunables.contains("glibc.malloc.hugetlb=1") || tunables.contains("glibc.malloc.hugetlb=2")) {
            r.add("GLIBC_TUNABLES=" + tunables + " asks glibc for huge pages for its heaps: drop glibc.malloc.hugetlb unless the memory is dense");
        }
        if (jvmAsked) r.add("Drop -XX:+UseTransparentHugePages if the heap's RSS growth matters more than TLB hits");
        r.add("always".equals(mode) ? "Set THP to madvise on the host (echo madvise > /sys/kernel/mm/transparent_hugepage/enabled) so only what asks gets huge pages"
                : "Memory touched sparsely (one write per 2 MiB) becomes resident 2 MiB at a time: find who asks for huge pages");
        r.add("Native allocators suffer most: with THP always, glibc arenas and thread stacks are backed by 2 MiB pages");
        return r;
    }

    /** One huge page: a smaller amount says nothing; the share of RSS decides for larger ones. */
    static final Bytes MIN = Bytes.ofMiB(2);
    static final long STACK = 1 << 20;

    /**
     * Thread stacks of 1 MiB or more resident in full: unless THP is known to be off for them ('never', or 'madvise',
     * which stacks never ask for), that is JDK-8303215's signature.
     */
    private RuleResult stacks(Snapshot s, List<Mapping> maps, String mode) {
        if ("never".equals(mode) || "madvise".equals(mode)) return null;
        List<Mapping> full = ThreadStacks.fullyResident(maps, STACK);
        if (full.isEmpty()) return null;
        Bytes resident = full.stream().map(Mapping::rss).reduce(Bytes.ZERO, Bytes::plus);
        return RuleResult.fired(new Finding(id(), "always".equals(mode) ? Severity.warning : Severity.info,
                full.size() + " thread stack(s) of " + Bytes.of(full.get(0).size()).toIec() + " are resident in full (" + resident.toIec()
                        + "): with THP 'always' the kernel backs 2 MiB-aligned stacks with huge pages",
                Evidence.builder().value("stacks_fully_resident", full.size()).bytes("resident", resident).value("thp_enabled", mode == null ? "unknown" : mode)
                        .value("ruled_out", "stacks touched as deep as threads call: a stack is resident only where it was used, and these are resident to the last page").build(),
                List.of("Check the mode: cat /sys/kernel/mm/transparent_hugepage/enabled; 'always' makes stacks and malloc arenas huge pages",
                        "Set THP to madvise (or never) on the host; JDK updates with JDK-8312182 also keep stacks off 2 MiB boundaries",
                        "Unless the JVM pre-touches them on purpose: -XX:+AlwaysPreTouchStacks"),
                mode == null ? Confidence.low : Confidence.medium));
    }
}
