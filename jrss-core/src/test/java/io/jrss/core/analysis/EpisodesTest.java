// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Findings of the full samples that went away before the last one are episodes: when, how long, and at their peak. */
class EpisodesTest {
    static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    static Finding f(String id, Severity sev, String title) { return new Finding(id, sev, title, io.jrss.core.rules.Evidence.NONE, List.of("do this"), Confidence.high); }

    static Instant t(int s) { return T0.plusSeconds(s); }

    @Test void aFindingGoneBeforeTheEndIsAnEpisodeWithItsPeak() {
        Episodes e = new Episodes();
        e.add(t(0), 100, List.of());
        e.add(t(10), 900, List.of(f("glibc-fragmentation", Severity.warning, "at 900")));
        e.add(t(20), 1300, List.of(f("glibc-fragmentation", Severity.critical, "at 1300")));
        e.add(t(30), 1200, List.of(f("glibc-fragmentation", Severity.critical, "at 1200")));
        e.add(t(40), 200, List.of());
        List<Episode> ended = e.ended();
        assertEquals(1, ended.size());
        Episode ep = ended.get(0);
        assertEquals(t(10), ep.started());
        assertEquals(t(30), ep.lastSeen());
        assertEquals(t(40), ep.ended(), "ended at the first full sample that no longer raised it");
        assertEquals(t(20), ep.peakAt(), "the highest severity, then the highest RSS");
        assertEquals("at 1300", ep.atPeak().title());
        assertEquals(3, ep.raised());
        assertEquals(4, ep.samples());
        assertEquals(Duration.ofSeconds(30), ep.span());
    }

    @Test void aFindingStillRaisedAtTheEndIsNotAnEpisode() {
        Episodes e = new Episodes();
        e.add(t(0), 100, List.of(f("thread-leak", Severity.warning, "x")));
        e.add(t(10), 100, List.of(f("thread-leak", Severity.warning, "x"), f("nmt-off", Severity.info, "off")));
        assertEquals(List.of(), e.ended());
    }

    @Test void aFindingThatFlapsIsOneEpisode() {
        Episodes e = new Episodes();
        for (int i = 0; i < 6; i++) e.add(t(10 * i), 500, i % 2 == 0 ? List.of(f("swap-in-use", Severity.warning, "s" + i)) : List.of());
        List<Episode> ended = e.ended();
        assertEquals(1, ended.size());
        assertEquals(t(0), ended.get(0).started());
        assertEquals(t(50), ended.get(0).ended());
        assertEquals(3, ended.get(0).raised());
    }

    @Test void nmtOffIsAStateNotAnEpisode() {
        Episodes e = new Episodes();
        e.add(t(0), 100, List.of(f("nmt-off", Severity.info, "off")));
        e.add(t(10), 100, List.of());
        assertTrue(e.ended().isEmpty());
    }
}
