// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class TrendTest {
    static final double MIB = 1 << 20;

    /** 360 samples 10 s apart (one hour), value(i) in bytes, with deterministic noise of +-0.5 MiB. */
    static Series hour(IntToDoubleFunction value) {
        Random noise = new Random(7);
        Series.Builder b = new Series.Builder("rss");
        Instant t0 = Instant.parse("2026-11-21T00:00:00Z");
        for (int i = 0; i < 360; i++) b.add(t0.plusSeconds(10L * i), value.applyAsDouble(i) + (noise.nextDouble() - 0.5) * MIB);
        return b.build();
    }

    @Test
    void aSteadyLeakHasItsSlopeWithinTheInterval() {
        // 100 MiB/h: 100/360 MiB per 10 s sample.
        Trend t = Trend.of(hour(i -> 500 * MIB + i * 100 * MIB / 360), 4 * MIB, 2048 * MIB);
        assertEquals(Shape.growing, t.shape());
        assertEquals(100, t.slope().perHour() / MIB, 2);
        assertTrue(t.slope().low() * 3600 / MIB < 100 && t.slope().high() * 3600 / MIB > 100, t.slope().toString());
        // 2048 - 600 MiB at 100 MiB/h: about 14.5 h.
        assertNotNull(t.timeToLimit());
        assertEquals(14.5, t.timeToLimit().toMinutes() / 60.0, 0.3);
    }

    @Test
    void noiseAloneIsStableAndHasNoTimeToLimit() {
        Trend t = Trend.of(hour(i -> 500 * MIB), 4 * MIB, 2048 * MIB);
        assertEquals(Shape.stable, t.shape());
        assertNull(t.timeToLimit());
        assertTrue(t.slope().low() <= 0 && t.slope().high() >= 0, t.slope().toString());
    }

    @Test
    void stepsThatNeverComeDownAreARatchet() {
        // +60 MiB at each of 5 batch runs, flat in between: the fragmentation signature of a batch service that kept 4% more freed memory each run.
        Trend t = Trend.of(hour(i -> 500 * MIB + (i / 72) * 60 * MIB), 4 * MIB, null);
        assertEquals(Shape.ratchet, t.shape());
    }

    @Test
    void gcCyclesAreASawtoothNotALeak() {
        // The heap fills 200 MiB in 5 minutes, then a GC takes it back: 12 teeth.
        Trend t = Trend.of(hour(i -> 300 * MIB + (i % 30) * 200 * MIB / 30), 4 * MIB, null);
        assertEquals(Shape.sawtooth, t.shape());
    }

    @Test
    void aRobustSlopeIgnoresASingleSpike() {
        Trend t = Trend.of(hour(i -> 500 * MIB + (i == 180 ? 900 * MIB : 0)), 4 * MIB, null);
        assertEquals(Shape.stable, t.shape());
        assertEquals(0, t.slope().perHour() / MIB, 1);
    }

    @Test
    void memoryGivenBackIsShrinking() {
        Trend t = Trend.of(hour(i -> 1000 * MIB - i * MIB), 4 * MIB, null);
        assertEquals(Shape.shrinking, t.shape());
        assertEquals(-360, t.slope().perHour() / MIB, 3);
    }

    @Test
    void tooFewSamplesSayNothing() {
        Series s = new Series.Builder("rss").add(Instant.EPOCH, 1).add(Instant.EPOCH.plus(Duration.ofSeconds(1)), 2).build();
        Trend t = Trend.of(s, 0.5, 10.0);
        assertEquals(Shape.stable, t.shape());
        assertNull(t.timeToLimit());
    }
}
