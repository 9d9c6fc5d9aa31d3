// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.rules.culprits.CulpritReading;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: a watch reads a culprit twice, when its finding fires and later, and names it with its growth per hour,
 * the group that grew first. Two real thread dumps (fixtures/thread_dump, whose README says how they were made), as a
 * watch would have taken them half an hour apart.
 */
class CulpritGrowthTest {
    static Snapshot at(String time, String dump) throws IOException {
        try (InputStream in = CulpritGrowthTest.class.getResourceAsStream("/fixtures/thread_dump/" + dump)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SnapshotParser.parse(new Capture(Map.of(CaptureInfo.PID.key(), "4242", CaptureInfo.CAPTURED_AT.key(), time),
                    Map.of(CaptureFiles.THREAD_DUMP, text), List.of()));
        }
    }

    @Test void twoDumpsApartNameTheGroupThatGrewWithItsRate() throws IOException {
        Snapshot before = at("2026-11-27T10:00:00Z", "jdk17-thread-print-healthy-http.txt");
        Snapshot after = at("2026-11-27T10:30:00Z", "jdk17-thread-print-executor-per-call.txt");
        Culprits.Held held = new Culprits.Held() {
            @Override public Snapshot earliest(CulpritReading r) { return before; }

            @Override public Snapshot latest(CulpritReading r) { return after; }
        };
        Finding leak = new Finding("thread-leak", Severity.warning, "Threads keep being started", Evidence.NONE, List.of(), Finding.Confidence.high);
        Culprit first = Culprits.of(held, leak).culprits().get(0);
        assertEquals("pool-N-thread-M", first.name());
        assertEquals(1600L, first.count());
        assertEquals((1600 - 9) * 2L, first.growthPerHour(), "1,591 more threads in half an hour (the healthy dump has 9 pool threads)");
        assertEquals("jcmd 4242 Thread.print, grouped by name; all 1600 at java.util.concurrent.ThreadPoolExecutor.getTask", first.how());

        Culprit alone = Culprits.of(after, leak).culprits().get(0);
        assertEquals(null, alone.growthPerHour(), "one dump shows no growth");
    }
}
