// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.Recording;
import io.jrss.core.capture.RecordingWriter;
import io.jrss.core.rules.Finding;
import io.jrss.core.capture.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timeline replayed from a real capture (the golden jdk17-g1-native-mix) with an injected clock: the same
 * capture every 10 s, every other one cheap (no smaps). Assembled live and written as a recording then read back,
 * it gives the same findings, ledger and samples; torn or partial writes are skipped, not fatal.
 */
class ReplayTest {
    @TempDir Path tmp;

    static Capture golden() throws Exception {
        return CaptureDirectory.read(Path.of(Objects.requireNonNull(ReplayTest.class.getResource("/captures/jdk17-g1-native-mix")).toURI()));
    }

    static List<Capture> timeline(Capture base, int n) {
        List<Capture> out = new ArrayList<>();
        Instant t0 = Instant.parse("2026-11-21T12:00:00Z");
        for (int i = 0; i < n; i++) {
            Map<String, String> info = new HashMap<>(base.info());
            info.put("captured_at", t0.plus(Duration.ofSeconds(10L * i)).toString());
            Map<String, String> texts = new HashMap<>(base.texts());
            List<CaptureEntry> entries = new ArrayList<>(base.entries());
            boolean cheap = i % 2 == 1 && i != n - 1;
            if (cheap) {
                texts.remove(CaptureFiles.SMAPS);
                texts.remove(CaptureFiles.MAPPING_HEADS);
                entries.removeIf(e -> e.file().equals(CaptureFiles.SMAPS) || e.file().equals(CaptureFiles.MAPPING_HEADS));
            }
            out.add(new Capture(info, texts, entries));
        }
        return out;
    }

    @Test void aRecordingReadBackReachesTheSameVerdict() throws Exception {
        List<Capture> captures = timeline(golden(), 8);
        TimelineAssembler live = new TimelineAssembler(911, Duration.ofSeconds(10));
        Path dir = tmp.resolve("rec");
        RecordingWriter w = RecordingWriter.create(dir, Map.of("pid", "911", "interval_ms", "10000"));
        for (Capture c : captures) { live.add(c); w.add(c); }
        Event e = new Event(Instant.parse("2026-11-21T12:01:10Z"), Event.Kind.probe, "trim", "System.trim_native_heap ran");
        live.event(e);
        w.event(e);
        TimelineDiagnosis a = live.diagnose(), b = Replay.of(dir, (done, total) -> { });
        assertEquals(ids(a), ids(b));
        assertTrue(ids(a).contains("glibc-fragmentation"), ids(a).toString());
        assertEquals(a.last().ledger(), b.last().ledger());
        assertEquals(a.timeline().samples(), b.timeline().samples());
        assertEquals(5, b.timeline().fullSamples(), "0, 2, 4, 6 and the last");
        assertEquals(List.of(e), b.timeline().events());
        assertEquals(Duration.ofSeconds(70), b.timeline().span());
    }

    @Test void tornWritesAreSkipped() throws Exception {
        Path dir = tmp.resolve("rec");
        RecordingWriter w = RecordingWriter.create(dir, Map.of("pid", "911", "interval_ms", "10000"));
        for (Capture c : timeline(golden(), 3)) w.add(c);
        Files.createDirectories(dir.resolve("samples/.000004.partial-123")); // a sample cut by a full disk
        Files.writeString(dir.resolve(Recording.EVENTS), "2026-11-21T12:00:05Z\tprobe\ttrim\tran\n2026-11-21T12:00:0");
        Recording r = Recording.read(dir);
        assertEquals(3, r.samples().size());
        assertEquals(1, r.events().size());
        assertFalse(Replay.of(dir, (d, t) -> { }).findings().isEmpty());
    }

    @Test void aRecordingNeverOverwritesWhatIsThere() throws Exception {
        Files.writeString(tmp.resolve("keep.txt"), "mine");
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(java.nio.file.FileAlreadyExistsException.class,
                () -> RecordingWriter.create(tmp, Map.of())).getMessage().contains("not empty"));
        assertEquals("mine", Files.readString(tmp.resolve("keep.txt")));
    }

    static List<String> ids(TimelineDiagnosis d) { return d.findings().stream().map(Finding::id).toList(); }
}
