// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.ledger.Accuracy;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The heap's budget from the samples a watch took: the old generation just after a full collection is the live set,
 * unless the floor was higher elsewhere in the watch (then that stands); a heap never used beyond its live set and some
 * garbage is budgeted at that, not at three times the live set; and the collector's least room, 1.5 times the live
 * set, stands.
 */
class HeapBudgetTest {
    static final double MIB = 1 << 20;

    /** Ten samples 3 s apart: the old generation at 16 MiB, a full collection before sample 5 leaves 20 MiB, then promotion. */
    static Timeline watch(double usedAtMost) { return watch(usedAtMost, 16); }

    /** The same, the old generation at {@code before} MiB (rising by 5 MiB a sample) until the full collection. */
    static Timeline watch(double usedAtMost, double before) {
        List<Sample> samples = new ArrayList<>();
        Instant t0 = Instant.parse("2026-11-28T01:00:00Z");
        for (int i = 0; i < 10; i++) {
            double old = i < 5 ? before + (before > 20 ? 5 * i : 0) : i == 5 ? 20 : 20 + 2 * (i - 5);
            samples.add(new Sample(t0.plusSeconds(3L * i), i % 3 == 0, Map.of(Signals.HEAP_OLD_USED.name(), old * MIB,
                    Signals.FULL_COLLECTIONS.name(), i < 5 ? 1.0 : 2.0, Signals.OLD_COLLECTIONS.name(), i < 5 ? 1.0 : 2.0,
                    Signals.HEAP_USED.name(), (i == 4 ? usedAtMost : Math.min(usedAtMost, old + 10)) * MIB, Signals.HEAP_COMMITTED.name(), 400 * MIB), Map.of()));
        }
        return new Timeline(4242, Duration.ofSeconds(3), samples, List.of(), Map.of());
    }

    static Ledger heapOnly(double mib) {
        Bytes b = Bytes.of(Math.round(mib * MIB));
        return new Ledger(b, "test", List.of(new LedgerRow(Row.JAVA_HEAP, b, Accuracy.exact, "test")), null, List.of(), false, Map.of());
    }

    @Test void theLiveSetIsTheOldGenerationJustAfterAFullCollection() {
        HeapBudget h = HeapBudget.of(watch(120), heapOnly(60), null, "G1");
        assertTrue(h.afterFull() && h.liveKnown(), h.toString());
        assertEquals(Bytes.ofMiB(20), h.live(), "what the full collection left, above the floors around it");
        assertEquals(Bytes.ofMiB(64), h.budget(), "3 × 20 MiB, rounded up to 8 MiB");
        assertTrue(h.row().basis().startsWith("live set just after a full collection 20 MiB"), h.row().basis());
    }

    /** A batch that held 50 to 70 MiB while it worked, collected once when it was done: one moment's live set is not the watch's. */
    @Test void aHigherFloorElsewhereInTheWatchStands() {
        HeapBudget h = HeapBudget.of(watch(200, 50), heapOnly(60), null, "G1");
        assertTrue(h.live().compareTo(Bytes.ofMiB(50)) >= 0 && !h.afterFull() && h.liveKnown(), h.toString());
        assertTrue(h.row().basis().startsWith("live set after old collections"), h.row().basis());
    }

    @Test void aHeapNeverFilledIsBudgetedAtWhatItUsed() {
        HeapBudget h = HeapBudget.of(watch(36), heapOnly(30), null, "G1");
        assertEquals(Bytes.ofMiB(40), h.budget(), "36 MiB used at most, rounded up, rather than 3 × 20 MiB");
        assertTrue(h.why().startsWith("what it used at most"), h.why());
        HeapBudget tight = HeapBudget.of(watch(22), heapOnly(22), null, "G1");
        assertEquals(Bytes.ofMiB(32), tight.budget(), "never below 1.5 × 20 MiB");
        assertTrue(tight.why().startsWith("the collector's least room"), tight.why());
    }

    @Test void withoutAFullCollectionTheFloorBoundsTheLiveSet() {
        List<Sample> samples = new ArrayList<>(watch(120).samples().subList(0, 5));
        HeapBudget h = HeapBudget.of(new Timeline(4242, Duration.ofSeconds(3), samples, List.of(), Map.of()), heapOnly(60), null, "G1");
        assertFalse(h.afterFull() || h.liveKnown(), h.toString());
        assertTrue(h.row().basis().startsWith("no old collection ran during the watch"), h.row().basis());
    }
}
