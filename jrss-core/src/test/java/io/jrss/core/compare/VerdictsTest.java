// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerdictsTest {
    @Test void steadyIsTheMedianOfTheLastHalf() {
        ArmRun r = run(1, "glibc", 100, 700, 700, 420, 430, 425);
        assertEquals(mib(425), r.steady());
        assertEquals(mib(700), r.peak());
    }

    @Test void theLowestSteadyRssWinsAndTheSavingIsAgainstGlibc() {
        Verdict v = Verdicts.judge(List.of(arm("glibc", "glibc", 730), arm("trim", "glibc", 430), arm("jemalloc", "jemalloc", 775)));
        assertEquals("trim", v.best());
        assertEquals(mib(300), v.saving());
        assertEquals(Confidence.medium, v.confidence()); // one run each, but a 70% margin
        assertEquals(List.of("trim", "glibc", "jemalloc"), v.ranked()); // the sentence is the report's: ComparisonViewTest
        assertFalse(v.risks().isEmpty(), "the trim arm's known risks");
        assertEquals(List.of(), v.ties());
    }

    @Test void aDifferenceWithinTheSpreadIsATie() {
        ArmResult a = new ArmResult("arena2", Map.of(), List.of(), "glibc", List.of(run(1, "glibc", 300, 300), run(2, "glibc", 340, 340)));
        ArmResult b = new ArmResult("tcmalloc", Map.of(), List.of(), "tcmalloc", List.of(run(1, "tcmalloc", 330, 330), run(2, "tcmalloc", 335, 335)));
        Verdict v = Verdicts.judge(List.of(a, b));
        assertEquals("arena2", v.best()); // medians 320 against 332.5, but arena2's runs are 40 MiB apart
        assertEquals(List.of("tcmalloc"), v.ties());
        assertEquals(Confidence.low, v.confidence());
        assertNull(v.saving(), "no glibc arm");
    }

    @Test void repeatedRunsWellApartAreHighConfidence() {
        List<ArmRun> low = new ArrayList<>(), high = new ArrayList<>();
        for (int i = 1; i <= 3; i++) { low.add(run(i, "glibc", 300 + i, 300 + i)); high.add(run(i, "glibc", 500 + i, 500 + i)); }
        Verdict v = Verdicts.judge(List.of(new ArmResult("glibc", Map.of(), List.of(), "glibc", high), new ArmResult("arena2", Map.of(), List.of(), "glibc", low)));
        assertEquals("arena2", v.best());
        assertEquals(Confidence.high, v.confidence());
    }

    @Test void anArmNotSeenUsingItsAllocatorIsNotRanked() {
        Verdict v = Verdicts.judge(List.of(arm("glibc", "glibc", 700), new ArmResult("jemalloc", Map.of(), List.of(), "jemalloc", List.of(run(1, "glibc", 100, 100)))));
        assertEquals("glibc", v.best());
        assertEquals(List.of("glibc"), v.ranked()); // the note on jemalloc is the report's: ComparisonViewTest
    }

    @Test void crashedAndHungArmsAreReportedNotRanked() {
        ArmRun crashed = new ArmRun(1, ArmRun.Status.failed, "exited with status 134 (signal 6)", List.of(), 3, 1.0, 134, null, "jemalloc", Map.of(), null);
        Verdict v = Verdicts.judge(List.of(arm("glibc", "glibc", 700), new ArmResult("jemalloc", Map.of(), List.of(), "jemalloc", List.of(crashed))));
        assertEquals("glibc", v.best());
        assertEquals(List.of("glibc"), v.ranked());
        Verdict none = Verdicts.judge(List.of(new ArmResult("jemalloc", Map.of(), List.of(), "jemalloc", List.of(crashed))));
        assertNull(none.best());
        assertEquals(Confidence.low, none.confidence());
    }

    @Test void everyDefaultArmHasKnownRisksOnFile() {
        for (String arm : List.of("glibc", "arena2", "trim", "jemalloc", "jemalloc-bg", "tcmalloc", "tcmalloc-aggr", "mimalloc")) {
            assertFalse(KnownRisks.of(arm).isEmpty(), arm);
            KnownRisks.of(arm).forEach(r -> assertTrue(r.matches(".+ — https://\\S+"), arm + ": " + r));
        }
        assertEquals(List.of(), KnownRisks.of("my-custom-arm"));
    }

    private static ArmResult arm(String name, String allocator, long steadyMib) {
        return new ArmResult(name, Map.of(), List.of(), allocator, List.of(run(1, allocator, steadyMib, steadyMib)));
    }

    private static ArmRun run(int n, String seen, long... mib) {
        List<ArmRun.Point> points = new ArrayList<>();
        for (int i = 0; i < mib.length; i++) points.add(new ArmRun.Point(i, mib(mib[i])));
        return new ArmRun(n, ArmRun.Status.exited, "exited with status 0", points, 10, 5.0, 0, null, seen, Map.of(), null);
    }

    private static Bytes mib(long m) { return Bytes.ofMiB(m); }
}
