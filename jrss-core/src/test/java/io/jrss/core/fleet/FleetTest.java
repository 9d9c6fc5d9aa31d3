// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.fleet.FleetSink;
import io.jrss.core.rules.Finding;
import io.jrss.core.snapshot.SnapshotParser;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** The fleet on a real capture (JDK 17, G1, native mix) taken again and again: what a scrape reads of it. */
class FleetTest {
    static Capture capture() throws Exception {
        return CaptureDirectory.read(Path.of(Objects.requireNonNull(FleetTest.class.getResource("/captures/jdk17-g1-native-mix")).toURI()));
    }

    static Capture at(Capture c, Instant t) {
        Map<String, String> info = new LinkedHashMap<>(c.info());
        info.put("captured_at", t.toString());
        return new Capture(info, c.texts(), c.entries());
    }

    @Test void aScrapeReadsTheLedgerAndTheFindingsOfTheLastSample() throws Exception {
        Capture c = capture();
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(c));
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10);
        FleetSink.Target t = fleet.found(new JvmLabels(4242, "com.example.Main", "", ""));
        assertNull(fleet.readings().get(0).time(), "before the first sample only health shows");
        Instant t0 = Instant.parse("2026-11-24T00:00:00Z");
        for (int i = 0; i < 4; i++) t.keep(at(c, t0.plusSeconds(30L * i)), Duration.ofMillis(120));
        JvmReading r = fleet.readings().get(0);
        long sum = r.rows().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(d.ledger().rss().value(), sum, "the rows sum to the RSS, unattributed included");
        assertTrue(r.rows().containsKey("unattributed"));
        assertEquals(d.findings().stream().map(Finding::id).sorted().toList(), r.findings().stream().map(Finding::id).sorted().toList());
        assertEquals(4L, r.health().samples().get("full"));
        assertEquals(0.0, r.rowTrends().get("java-heap"), 1e-6, "the same capture four times: flat");
        assertNotNull(r.rssTrend());
    }

    @Test void aFailedSampleKeepsTheLastValuesAndSaysWhy() throws Exception {
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10);
        FleetSink.Target t = fleet.found(new JvmLabels(4242, "com.example.Main", "", ""));
        t.keep(capture(), Duration.ofMillis(100));
        t.failed("pid 4242 did not answer within 10 s", Duration.ofSeconds(10));
        JvmReading r = fleet.readings().get(0);
        assertEquals(1, r.health().failures());
        assertEquals("pid 4242 did not answer within 10 s", r.health().lastError());
        assertFalse(r.rows().isEmpty());
    }

    @Test void aJvmThatIsGoneIsForgotten() throws Exception {
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10);
        FleetSink.Target a = fleet.found(new JvmLabels(1, "a", "", ""));
        fleet.found(new JvmLabels(2, "b", "", ""));
        a.gone();
        assertEquals(1, fleet.readings().size());
        assertEquals(2, fleet.readings().get(0).labels().pid());
    }

    @Test void aWindowedTimelineKeepsItsLastSamplesOnly() throws Exception {
        Capture c = capture();
        TimelineAssembler a = TimelineAssembler.windowed(4242, Duration.ofSeconds(30), 4);
        Instant t0 = Instant.parse("2026-11-24T00:00:00Z");
        for (int i = 0; i < 7; i++) a.add(at(c, t0.plusSeconds(30L * i)));
        assertEquals(4, a.samples().size());
        assertEquals(t0.plusSeconds(90), a.samples().get(0).time());
        assertTrue(a.diagnose().episodes().isEmpty());
    }
}
