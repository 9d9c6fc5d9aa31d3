// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.rules.Finding;
import io.jrss.core.timeline.Signals;
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

/**
 * Issue 25's false alarm replayed through the whole pipeline (captures, parsers, assembler, rules): the real JDK 17
 * capture of the golden tests, sampled every 5 s from the JVM's second 2, with its code cache filling 0.1 MiB/s
 * (the reported 3.5 to 6.5 MiB in 30 s, "full in about 42m") and a real PerfCounter.print whose elapsed counter
 * gives the JVM's age. Thirty seconds of it is start-up, not a trend; the same pace two minutes on is one.
 */
class ReplayedStartUpTest {
    static List<Capture> program(int samples) throws Exception {
        Capture base = ReplayTest.golden();
        String perf = Files.readString(Path.of(Objects.requireNonNull(ReplayedStartUpTest.class.getResource("/perfcounters/jdk17-sleep.txt")).toURI()));
        String codecache = base.texts().get("jcmd/Compiler.codecache.txt");
        List<Capture> out = new ArrayList<>();
        Instant t0 = Instant.parse("2026-11-27T03:00:00Z");
        for (int i = 0; i < samples; i++) {
            Map<String, String> info = new HashMap<>(base.info());
            Instant at = t0.plus(Duration.ofSeconds(5L * i));
            info.put("captured_at", at.toString());
            Map<String, String> texts = new HashMap<>(base.texts());
            long ticks = (2 + 5L * i) * 1_000_000_000L;
            texts.put(CaptureFiles.PERF_COUNTERS, perf.replaceFirst("sun\\.os\\.hrt\\.ticks=\\d+", "sun.os.hrt.ticks=" + ticks));
            long usedKb = 85 + 512L * i; // +0.1 MiB/s in the non-profiled code heap, 3.5 MiB used at the start with the others
            texts.put("jcmd/Compiler.codecache.txt", codecache.replaceFirst("used=85Kb max_used=85Kb", "used=" + (usedKb + 2048) + "Kb max_used=" + (usedKb + 2048) + "Kb"));
            List<CaptureEntry> entries = new ArrayList<>(base.entries());
            entries.add(CaptureEntry.ok(CaptureFiles.PERF_COUNTERS, "jcmd 911 PerfCounter.print", at, 1));
            if (i % 2 == 1 && i != samples - 1) { // cheap samples in between, as a watch takes them
                texts.remove(CaptureFiles.SMAPS);
                texts.remove(CaptureFiles.MAPPING_HEADS);
                entries.removeIf(e -> e.file().equals(CaptureFiles.SMAPS) || e.file().equals(CaptureFiles.MAPPING_HEADS));
            }
            out.add(new Capture(info, texts, entries));
        }
        return out;
    }

    static TimelineDiagnosis replay(List<Capture> captures) {
        TimelineAssembler a = new TimelineAssembler(911, Duration.ofSeconds(5));
        for (Capture c : captures) a.add(c);
        return a.diagnose();
    }

    @Test void thirtySecondsOfAProgramThatThenExitsIsStartUp() throws Exception {
        TimelineDiagnosis d = replay(program(7));
        assertTrue(d.timeline().samples().get(0).signal(Signals.JVM_UPTIME) == 2.0, d.timeline().samples().get(0).signals().toString());
        assertFalse(d.findings().stream().map(Finding::id).anyMatch(id -> id.equals("code-cache-full")), d.findings().toString());
        assertTrue(d.notEvaluated().stream().anyMatch(n -> n.rule().equals("code-cache-full") && n.reason().contains("the JVM's first minute")),
                d.notEvaluated().toString());
    }

    @Test void theSamePaceTwoMinutesOnIsATrend() throws Exception {
        TimelineDiagnosis d = replay(program(30));
        assertTrue(d.findings().stream().anyMatch(f -> f.id().equals("code-cache-full") && f.title().contains("full in about")), d.findings().toString());
    }
}
