// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static io.jrss.core.SnapshotBuilder.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RulesTest {
    static final long ARENA = 0x7f00_0000_0000L;

    static List<String> ids(Snapshot s) { return Diagnosis.of(s).findings().stream().map(Finding::id).toList(); }

    @Test
    void fragmentationNeedsMuchFreeMemoryInTheArenas() {
        SnapshotBuilder fragmented = new SnapshotBuilder().glibc(40 * MIB, 150 * MIB);
        for (int i = 0; i < 3; i++) fragmented.arenaHeap(ARENA + i * 64 * MIB, 64 * MIB, 64 * MIB);
        Diagnosis d = Diagnosis.of(fragmented.build());
        Finding f = d.findings().get(0);
        assertEquals("glibc-fragmentation", f.id());
        assertTrue(f.title().contains("150 MiB"), f.title()); // 192 MiB committed in the arenas, 150 MiB of it free
        assertTrue(f.remedy().get(0).contains("TrimNativeHeapInterval") && f.remedy().get(3).contains("--trim-probe"), f.remedy().toString());

        SnapshotBuilder healthy = new SnapshotBuilder().glibc(180 * MIB, 10 * MIB);
        for (int i = 0; i < 3; i++) healthy.arenaHeap(ARENA + i * 64 * MIB, 64 * MIB, 64 * MIB);
        assertTrue(!ids(healthy.build()).contains("glibc-fragmentation"));
    }

    @Test
    void arenaBloatCountsOnlyArenasThatHoldMemory() {
        // 16 arenas of 128 KiB each is every idle JVM on 2 cores (docs/pitfalls.md 2): no finding.
        SnapshotBuilder idle = new SnapshotBuilder().glibc(MIB, MIB);
        for (int i = 0; i < 16; i++) idle.arenaHeap(ARENA + i * 64 * MIB, 128 * 1024, 128 * 1024);
        assertTrue(!ids(idle.build()).contains("glibc-arena-bloat"));
        // 10 arenas of 40 MiB each, from threads allocating natively: bloat.
        SnapshotBuilder busy = new SnapshotBuilder().glibc(380 * MIB, 20 * MIB);
        for (int i = 0; i < 10; i++) busy.arenaHeap(ARENA + i * 64 * MIB, 40 * MIB, 40 * MIB);
        assertTrue(ids(busy.build()).contains("glibc-arena-bloat"));
    }

    @Test
    void arenasHoldingAlmostOnlyFreedMemoryAreFragmentationNotBloat() {
        // 64 threads churning 24 MiB blocks (issue 25, measured on JDK 25): 16 arenas, 897 MiB resident, 14 MiB in use
        SnapshotBuilder churn = new SnapshotBuilder().glibc(14 * MIB, 889 * MIB);
        for (int i = 0; i < 16; i++) churn.arenaHeap(ARENA + i * 64 * MIB, 56 * MIB, 56 * MIB);
        List<String> ids = ids(churn.build());
        assertTrue(ids.contains("glibc-fragmentation") && !ids.contains("glibc-arena-bloat"), ids.toString());
        // the lab's glibc-arena-bloat (measured on JDK 17): 14 arenas, 309 MiB, 258 MiB (83%) of it free: both
        SnapshotBuilder bursts = new SnapshotBuilder().glibc(96 * MIB, 258 * MIB);
        for (int i = 0; i < 14; i++) bursts.arenaHeap(ARENA + i * 64 * MIB, 22 * MIB, 22 * MIB);
        ids = ids(bursts.build());
        assertTrue(ids.contains("glibc-fragmentation") && ids.contains("glibc-arena-bloat"), ids + " " + Diagnosis.of(bursts.build()).ledger().malloc());
    }

    @Test
    void containerLimitRiskWhenTheMaxHeapCannotFit() {
        Snapshot s = new SnapshotBuilder().anon(0x7f00_0000_0000L, 0x7f00_1000_0000L, "rw-p", 100 * MIB)
                .cgroupLimit(512 * MIB, 300 * MIB, 10 * MIB).flags(Map.of("MaxHeapSize", Long.toString(1024 * MIB))).build();
        Finding f = Diagnosis.of(s).findings().stream().filter(x -> x.id().equals("container-limit-risk")).findFirst().orElseThrow();
        assertEquals(Severity.warning, f.severity());
        assertTrue(f.title().contains("1 GiB"), f.title());
    }

    @Test
    void cpuThrottlingFromTheCgroupCounters() {
        assertTrue(ids(new SnapshotBuilder().cpu(10_000, 100, 60).build()).contains("cpu-throttling"));
        assertTrue(!ids(new SnapshotBuilder().cpu(10_000, 100, 1).build()).contains("cpu-throttling"));
    }

    @Test
    void aRuleWithoutItsReadingSaysWhyInsteadOfVanishing() {
        RuleResult r = new DirectBufferLimitRule().evaluate(new SnapshotBuilder().build(), null);
        assertInstanceOf(RuleResult.NotEvaluated.class, r);
        assertTrue(((RuleResult.NotEvaluated) r).reason().contains("NMT"));
        assertTrue(ids(new SnapshotBuilder().build()).contains("nmt-off"));
        assertEquals("Native Memory Tracking is off: 1 ledger row is an estimate", NmtOffRule.title(1));
        assertEquals("Native Memory Tracking is off: 4 ledger rows are estimates", NmtOffRule.title(4));
    }
}
