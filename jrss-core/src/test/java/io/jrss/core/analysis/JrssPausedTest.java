// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Series;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A watch's own safepoint readings are not the target's time: a thread dump that held a JVM for 10 s (CulpritsIT,
 * JDK 25 on a loaded host) made a thread leak look as if it slowed down, and the finding was lost at the end. The
 * samples after it carry jrss_paused_seconds and the series run on the target's time.
 */
class JrssPausedTest {
    static final Instant T0 = Instant.parse("2026-11-28T07:00:00Z");

    static Capture at(int second, int threads, long dumpMillis) {
        Instant t = T0.plusSeconds(second);
        Map<String, String> texts = Map.of(CaptureFiles.STATUS, "Name:\tjava\nThreads:\t" + threads + "\nVmRSS:\t102400 kB\n");
        List<CaptureEntry> entries = dumpMillis == 0 ? List.of()
                : List.of(CaptureEntry.ok(CaptureFiles.THREAD_DUMP, "jcmd", t, dumpMillis), CaptureEntry.ok(CaptureFiles.COMPILER_MEMORY, "jcmd", t, 5000));
        return new Capture(Map.of(CaptureInfo.PID.key(), "4242", CaptureInfo.CAPTURED_AT.key(), t.toString()), texts, entries);
    }

    @Test void theSamplesAfterAThreadDumpRunOnTheTargetsTime() {
        TimelineAssembler a = new TimelineAssembler(4242, Duration.ofSeconds(2));
        a.add(at(0, 100, 0));
        a.add(at(2, 110, 10_000)); // the dump was taken in this capture, after its status
        a.add(at(14, 120, 0));
        a.add(at(16, 130, 0));
        Series threads = a.timeline().series(Signals.THREADS);
        assertEquals(List.of(T0, T0.plusSeconds(2), T0.plusSeconds(4), T0.plusSeconds(6)), threads.times(),
                "10 s of Thread.print taken out; Compiler.memory holds no safepoint");
        assertNull(a.timeline().samples().get(1).signal(Signals.JRSS_PAUSED), "the capture that took the dump read its status before it");
        assertEquals(10.0, a.timeline().samples().get(3).signal(Signals.JRSS_PAUSED));
        assertEquals(T0.plusSeconds(16), a.timeline().samples().get(3).time(), "the sample keeps its own time");
    }
}
