// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.MallocAccount;
import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * glibc-arena-bloat: many 64 MiB arenas holding much memory, typically many threads allocating natively.
 * Arena count alone is not a finding: an idle JVM on 2 cores already has 16 (docs/pitfalls.md 2);
 * count times resident memory is, so only arenas holding at least {@link MallocAccount#BUSY} count. Arenas whose
 * resident memory is at least {@link #ALL_FREE} free hold freed memory, not their threads' memory: that is
 * glibc-fragmentation alone, however many arenas there are.
 */
public final class GlibcArenaBloatRule implements Rule {
    static final int MIN_BUSY_ARENAS = 8;
    static final Bytes MIN_RESIDENT = Bytes.ofMiB(256), LARGE = Bytes.ofGiB(1);
    /** At or above this share of free resident bytes, the arenas hold freed memory, not their threads' memory. */
    static final double ALL_FREE = 0.9;

    @Override public String id() { return Findings.GLIBC_ARENA_BLOAT.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        MallocAccount m = ledger.malloc();
        if (m == null) return notEvaluated("no smaps in the input");
        if (m.allocator() != Allocator.glibc) return notEvaluated(m.allocator() + " is preloaded");
        double share = m.arenaResident().ratioOf(ledger.rss());
        // A share of the RSS, or an amount that matters whatever the heap's size (a 32 GiB heap dwarfs 3 GiB of arenas).
        boolean large = share >= 0.2 || m.arenaResident().compareTo(LARGE) >= 0;
        if (m.busyArenas() < MIN_BUSY_ARENAS || m.arenaResident().compareTo(MIN_RESIDENT) < 0 || !large) return addressSpace(s, m);
        // Arenas that hold almost nothing in use hold freed memory, whatever their count: glibc-fragmentation names it.
        // 64 threads churning 24 MiB blocks left 16 arenas (glibc's default for 2 cores) with 897 MiB, 99% of it free.
        if (m.freeResident() != null && m.freeResident().ratioOf(m.arenaResident()) >= ALL_FREE) return RuleResult.quiet();
        Integer cpus = s.get(Readings.CPUS_ONLINE).orNull();
        String max = s.environment().get("MALLOC_ARENA_MAX");
        return RuleResult.fired(new Finding(id(), Severity.warning,
                m.busyArenas() + " malloc arenas hold " + m.arenaResident().toIec() + " resident (" + Evidence.pct(share) + " of RSS)",
                Evidence.builder().value("busy_arenas", m.busyArenas()).value("arenas", m.arenas()).value("arena_heaps", m.heaps())
                        .bytes("arena_resident", m.arenaResident()).bytes("arena_free_resident", m.freeResident())
                        .bytes("arena_committed", m.arenaSystem()).ratio("share_of_rss", share)
                        .value("cpus", cpus).value("arena_limit", cpus == null ? null : 8 * cpus)
                        .value("MALLOC_ARENA_MAX", max == null ? "(default: 8 x cores)" : max)
                        .value("ruled_out", "the arenas every JVM has (8 x cores, mostly empty): " + m.busyArenas() + " of them each hold at least "
                                + io.jrss.core.ledger.MallocAccount.BUSY.toIec() + " resident"
                                + (m.freeResident() == null ? "" : "; and freed memory alone (glibc-fragmentation's): "
                                + Evidence.pct(1 - m.freeResident().ratioOf(m.arenaResident())) + " of it is in use")).build(),
                List.of("Cap the arenas: MALLOC_ARENA_MAX=2 in the JVM's environment, then compare RSS under the same load",
                        "Find the native allocators: threads that malloc (zlib, JNI libraries) each get an arena",
                        "Prove which set-up keeps RSS lowest on this workload: jrss compare -- java ... (runs glibc, arena2, trim, jemalloc, tcmalloc, mimalloc one after the other)"),
                Confidence.medium));
    }

    /** Heaps that reserve this much address space explain a VSZ people ask about, even when they hold little memory. */
    static final int MANY_HEAPS = 32;

    /**
     * Many arena heaps that hold little: each reserves 64 MiB of address space, which is what makes a JVM's virtual
     * size (VSZ) gigabytes larger than its RSS. Information: VSZ costs no memory, and RSS is explained elsewhere.
     */
    private RuleResult addressSpace(Snapshot s, MallocAccount m) {
        if (m.heaps() < MANY_HEAPS) return RuleResult.quiet();
        Bytes reserved = Bytes.ofMiB(64L * m.heaps());
        String max = s.environment().get("MALLOC_ARENA_MAX");
        return RuleResult.fired(new Finding(id(), Severity.info,
                m.heaps() + " malloc arena heaps reserve " + reserved.toIec() + " of address space (VSZ)"
                        + (m.arenaResident().isPositive() ? " and hold " + m.arenaResident().toIec() + " resident" : "")
                        + ": they explain a large virtual size, not the RSS",
                Evidence.builder().value("arena_heaps", m.heaps()).bytes("address_space", reserved).bytes("arena_resident", m.arenaResident())
                        .value("busy_arenas", m.busyArenas()).value("MALLOC_ARENA_MAX", max == null ? "(default: 8 x cores)" : max).build(),
                List.of("Nothing to fix for memory: reserved address space is not resident",
                        "If the virtual size itself matters (ulimit -v, a 32-bit process, monitoring on VSZ): MALLOC_ARENA_MAX=2 caps the arenas"),
                Confidence.medium));
    }
}
