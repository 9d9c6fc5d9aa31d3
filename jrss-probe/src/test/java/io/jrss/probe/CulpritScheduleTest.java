// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.rules.culprits.Culprits;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue 28's bound: a culprit reading at once when its finding fires, then at most once per full interval. */
class CulpritScheduleTest {
    static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    @Test void aFindingThatFiresAsksForItsReadingOnceAtOnceThenEachFullInterval() {
        CulpritSchedule s = new CulpritSchedule(Set.of("read"), Duration.ofMinutes(1));
        s.asked(Culprits.asks(List.of("heap-overcommitted")));
        assertNull(s.newlyWanted(), "heap-overcommitted's histogram needs --culprits=histogram");
        s.asked(Culprits.asks(List.of("thread-leak", "heap-leak")));
        String why = s.newlyWanted();
        assertTrue(why != null && why.startsWith("thread-leak fired") && why.contains(CaptureFiles.THREAD_DUMP), why);
        assertEquals(Set.of(CaptureFiles.THREAD_DUMP), s.due(T0));
        s.taken(s.due(T0), T0);
        assertNull(s.newlyWanted(), "taken once: not again at once");
        assertEquals(Set.of(), s.due(T0.plusSeconds(59)), "not within the full interval");
        assertEquals(Set.of(CaptureFiles.THREAD_DUMP), s.due(T0.plusSeconds(60)));
        assertEquals(Set.of(CaptureFiles.THREAD_DUMP), s.dueAtEnd(T0.plusSeconds(10)), "the end takes it again for a growth");
        assertEquals(Set.of(), s.dueAtEnd(T0.plusSeconds(9)));
        s.asked(null);
        assertEquals(Set.of(CaptureFiles.THREAD_DUMP), s.due(T0.plusSeconds(60)), "no verdict at a sample changes nothing");
        s.asked(Culprits.asks(List.of()));
        assertEquals(Set.of(), s.due(T0.plusSeconds(60)), "a finding gone asks for nothing");
    }

    @Test void histogramOnlyWhenAllowedAndNoneTakesNothing() {
        CulpritSchedule s = new CulpritSchedule(Set.of("read", "histogram"), Duration.ofMinutes(1));
        s.asked(Culprits.asks(List.of("heap-leak", "metaspace-leak", "mapped-files")));
        assertEquals(Set.of(CaptureFiles.CLASS_HISTOGRAM, CaptureFiles.CLASSLOADER_STATS, CaptureFiles.CLASSLOADERS), s.due(T0), "smaps is in every full capture already");
        CulpritSchedule none = new CulpritSchedule(Set.of(), Duration.ofMinutes(1));
        none.asked(Culprits.asks(List.of("heap-leak", "thread-leak")));
        assertNull(none.newlyWanted());
        assertEquals(Set.of(), none.due(T0));
    }

    static List<String> findings(List<CulpritAsk> asks) { return asks.stream().map(CulpritAsk::finding).distinct().toList(); }

    @Test void oneHeapDumpServesTheBuffersHoldersAndTheClassesHolders() {
        CulpritSchedule s = new CulpritSchedule(Set.of("read", "histogram", "heap"), Duration.ofMinutes(1));
        s.asked(Culprits.asks(List.of("heap-leak", "direct-buffer-leak")));
        assertEquals(List.of(CaptureFiles.CLASS_HOLDERS, CaptureFiles.BUFFER_HOLDERS), s.asksFor("heap").stream().map(CulpritAsk::file).toList());
        assertEquals(Set.of(CaptureFiles.CLASS_HISTOGRAM), s.due(T0), "the histograms still come from captures");
    }

    @Test void aProfileOrAHeapDumpIsNoCaptureFileAndOnlyWhenAllowed() {
        CulpritSchedule s = new CulpritSchedule(Set.of("read", "profile", "heap"), Duration.ofMinutes(1));
        s.asked(Culprits.asks(List.of("native-leak", "thread-leak", "direct-buffer-leak")));
        assertEquals(List.of("native-leak"), findings(s.asksFor("profile")), "the watch loads the profiler for it");
        assertEquals(List.of("direct-buffer-leak"), findings(s.asksFor("heap")), "the watch dumps the heap for it");
        assertEquals(Set.of(CaptureFiles.THREAD_DUMP), s.due(T0), "no capture takes the profile's stacks or the dump's holders");
        CulpritSchedule read = new CulpritSchedule(Set.of("read"), Duration.ofMinutes(1));
        read.asked(Culprits.asks(List.of("native-leak", "direct-buffer-leak")));
        assertEquals(List.of(), read.asksFor("profile"), "--culprits=profile was not given");
        assertEquals(List.of(), read.asksFor("heap"));
        assertNull(read.newlyWanted());
    }
}
