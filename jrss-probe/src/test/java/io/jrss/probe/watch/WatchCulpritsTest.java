// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.Event;
import io.jrss.core.capture.ProbeResult;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.timeline.SampleSink;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.testapp.TestJvm;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A finding may first hold in the verdict of the full capture a watch takes because the footprint moved; its culprit
 * readings are then taken at once, not never. (LabRunWatchIT's thread-leak once ended without its thread dump: the
 * threads moved the footprint every few seconds, each such capture reset the full interval, and the verdicts that
 * raised the finding were those of the moved captures, whose asks the watch dropped.) A real JDK 17 target; the judge
 * is scripted, so that the order of verdicts is the one that lost the readings.
 */
class WatchCulpritsTest {
    private static final CulpritAsk THREADS = new CulpritAsk("thread-leak", CaptureFiles.THREAD_DUMP, null);

    /** Moves the footprint at the first cheap sample; the full capture taken for it raises thread-leak; later verdicts are never reached. */
    static final class ScriptedJudge implements SampleSink {
        final List<Capture> kept = new ArrayList<>();
        final List<Event> events = new ArrayList<>();
        private boolean moved, raised, lastFull;

        @Override public Kept keep(Capture c) {
            kept.add(c);
            lastFull = c.texts().containsKey(CaptureFiles.SMAPS);
            if (kept.size() == 1) return new Kept(List.of(), null, List.of()); // the first full sample: nothing holds
            if (!lastFull && !moved) { moved = true; return new Kept(List.of(), "threads +40", null); }
            if (lastFull && moved && !raised) { raised = true; return new Kept(List.of(), null, List.of(THREADS)); }
            return new Kept(List.of(), null, null);
        }
        @Override public void event(Event e) { events.add(e); }
        @Override public Event probed(ProbeResult r) { return new Event(r.time(), Event.Kind.probe, r.name(), "probed"); }
        @Override public boolean lastIsFull() { return lastFull; }
        @Override public String trimUnmeasurable() { return null; }
    }

    @Test
    void aFindingRaisedByTheCaptureTheFootprintAskedForGetsItsThreadDump() throws Exception {
        try (TestJvm jvm = TestJvm.java(TestJvm.JDK17, List.of(), "io.jrss.probe.testapp.ProbeTarget", "5")) {
            HotSpotAttach attach = HotSpotAttach.to(jvm.awaitReady().pid(), Duration.ofSeconds(20));
            ScriptedJudge judge = new ScriptedJudge();
            WatchOptions options = new WatchOptions(Duration.ofMillis(300), Duration.ofMinutes(5), Duration.ofSeconds(3),
                    Duration.ofSeconds(20), null, false, false, false, 3, Set.of(CulpritAsk.READ));

            new Watch(attach, options, Clock.systemUTC(), judge, "test").run();

            int raisedAt = -1, dumpAt = -1;
            for (int i = 0; i < judge.kept.size(); i++) {
                Capture c = judge.kept.get(i);
                if (raisedAt < 0 && c.texts().containsKey(CaptureFiles.SMAPS) && i > 1) raisedAt = i;
                if (dumpAt < 0 && c.texts().containsKey(CaptureFiles.THREAD_DUMP)) dumpAt = i;
            }
            assertTrue(raisedAt > 0, "the footprint's full capture was taken: " + judge.kept.size() + " captures");
            assertEquals(raisedAt + 1, dumpAt, "the thread dump is taken right after the capture whose verdict raised thread-leak");
            assertTrue(judge.kept.get(dumpAt).texts().get(CaptureFiles.THREAD_DUMP).contains("\"probe-parked-4\""));
            assertTrue(judge.events.stream().anyMatch(e -> e.what().equals("culprits")), judge.events.toString());
        }
    }
}
