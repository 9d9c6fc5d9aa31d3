// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.PerfCounters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** Real PerfCounter.print outputs (fixtures/perf_counters/README.md names their origin). */
class PerfCountersParserTest {
    static String fixture(String name) throws IOException {
        try (var in = Objects.requireNonNull(PerfCountersParserTest.class.getResourceAsStream("/fixtures/perf_counters/" + name), name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test void jdk17G1() throws IOException {
        PerfCounters p = PerfCountersParser.parse(fixture("jdk17-g1.txt"));
        assertEquals(13 + 503, p.loadedClasses().getAsLong(), "loaded + shared loaded");
        assertEquals(8, p.liveThreads().getAsLong());
        assertEquals(36_819_456, p.oldGenUsed().getAsLong());
        assertEquals(0, p.oldCollections(), "no full GC and no concurrent cycle yet");
        assertEquals(7, p.collections());
        assertEquals("GarbageFirst", p.values().get("sun.gc.policy.name"), "quotes are dropped");
    }

    @Test void jdk25SkipsThePidLine() throws IOException {
        PerfCounters p = PerfCountersParser.parse(fixture("jdk25-g1.txt"));
        assertTrue(p.loadedClasses().getAsLong() > 400);
        assertEquals(36_453_208, p.oldGenUsed().getAsLong());
    }

    @Test void zgcCountsItsCyclesAsOldCollections() throws IOException {
        PerfCounters p = PerfCountersParser.parse(fixture("jdk17-zgc.txt"));
        assertEquals(p.collections(), p.oldCollections(), "every ZGC 17 cycle collects the whole heap");
        assertEquals(44_040_192, p.oldGenUsed().getAsLong());
    }

    @Test void parallelFullCollections() throws IOException {
        PerfCounters p = PerfCountersParser.parse(fixture("jdk17-parallel.txt"));
        assertEquals(29_113_280, p.oldGenUsed().getAsLong());
        assertTrue(p.collections() >= p.oldCollections());
    }

    @Test void somethingElseIsRejectedWithItsLine() {
        ParseException e = assertThrows(ParseException.class, () -> PerfCountersParser.parse("12:\nNative Memory Tracking:\n"));
        assertEquals(2, e.line());
        assertThrows(ParseException.class, () -> PerfCountersParser.parse("4242:\n\n"));
    }
}
