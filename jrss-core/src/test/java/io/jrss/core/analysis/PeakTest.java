// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.timeline.Sample;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * On the golden capture jdk17-g1-native-mix with an injected clock: a cheap sample whose RSS moved by more than a
 * tenth asks for a full one, and the diagnosis keeps the full sample at peak RSS beside the last.
 */
class PeakTest {
    static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    static Capture at(Capture c, int second, boolean full, String statusFrom, String statusTo) {
        Map<String, String> info = new HashMap<>(c.info());
        info.put("captured_at", T0.plusSeconds(second).toString());
        Map<String, String> texts = new HashMap<>(c.texts());
        if (!full) texts.remove(CaptureFiles.SMAPS);
        if (statusFrom != null) texts.put(CaptureFiles.STATUS, texts.get(CaptureFiles.STATUS).replace(statusFrom, statusTo));
        return new Capture(info, texts, c.entries());
    }

    /** The golden capture without its largest mapping: a full sample with a lower RSS. */
    static Capture smaller(Capture c, int second) {
        Capture base = at(c, second, true, null, null);
        Map<String, String> texts = new HashMap<>(base.texts());
        String[] blocks = texts.get(CaptureFiles.SMAPS).split("\n(?=[0-9a-f]+-[0-9a-f]+ )");
        int largest = 0;
        for (int i = 0; i < blocks.length; i++) if (rss(blocks[i]) > rss(blocks[largest])) largest = i;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < blocks.length; i++) if (i != largest) sb.append(blocks[i]).append('\n');
        texts.put(CaptureFiles.SMAPS, sb.toString());
        return new Capture(base.info(), texts, base.entries());
    }

    static long rss(String block) {
        for (String l : block.split("\n")) if (l.startsWith("Rss:")) return Long.parseLong(l.replaceAll("\\D", ""));
        return 0;
    }

    @Test void aCheapSampleThatMovedAsksForAFullOne() throws Exception {
        Capture g = ReplayTest.golden();
        String vmRss = g.text(CaptureFiles.STATUS).orElseThrow().lines().filter(l -> l.startsWith("VmRSS:")).findFirst().orElseThrow();
        long kb = Long.parseLong(vmRss.replaceAll("\\D", ""));
        TimelineAssembler a = new TimelineAssembler(4242, Duration.ofSeconds(10));
        a.add(at(g, 0, true, null, null));
        Sample same = a.add(at(g, 10, false, null, null));
        assertNull(a.movedSinceLastFull(same), "nothing moved");
        Sample moved = a.add(at(g, 20, false, vmRss, "VmRSS:\t" + (kb * 13 / 10) + " kB"));
        String why = a.movedSinceLastFull(moved);
        assertNotNull(why, "RSS +30%");
        assertTrue(why.startsWith("rss +") || why.startsWith("rss_anon"), why);
    }

    @Test void theLedgerAtPeakIsKeptBesideTheLast() throws Exception {
        Capture g = ReplayTest.golden();
        TimelineAssembler a = new TimelineAssembler(4242, Duration.ofSeconds(10));
        a.add(smaller(g, 0));
        a.add(at(g, 10, true, null, null));
        a.add(smaller(g, 20));
        TimelineDiagnosis d = a.diagnose();
        assertEquals(T0.plusSeconds(10), d.peak().snapshot().time());
        assertEquals(T0.plusSeconds(20), d.last().snapshot().time());
        assertTrue(d.peak().ledger().rss().greaterThan(d.last().ledger().rss()));
        TimelineAssembler flat = new TimelineAssembler(4242, Duration.ofSeconds(10));
        flat.add(at(g, 0, true, null, null));
        assertSame(flat.diagnose().last(), flat.diagnose().peak(), "one full sample: the last is the peak");
    }
}
