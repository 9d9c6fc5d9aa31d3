// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * jrss size on the golden captures (real JVMs of this machine, docs in each capture's README): one capture is one
 * moment, so the live set is unknown and the confidence low; the parts sum to the limit; glibc's retained memory asks
 * for fewer arenas; a leak finding refuses.
 */
class SizerTest {
    static TimelineDiagnosis capture(String name) throws Exception {
        Capture c = CaptureDirectory.read(Path.of(Objects.requireNonNull(SizerTest.class.getResource("/captures/" + name)).toURI()));
        TimelineAssembler a = new TimelineAssembler(0, Duration.ZERO);
        a.add(c);
        return a.diagnose();
    }

    @Test void oneCaptureIsSizedAsMeasuredWithItsHeadroomNamed() throws Exception {
        TimelineDiagnosis d = capture("jdk25-g1-native-mix");
        Sizing s = Sizer.of(d);
        assertNull(s.refused());
        assertEquals(Finding.Confidence.low, s.confidence(), "one moment, no live set");
        Bytes sum = s.rows().stream().map(SizeRow::bytes).reduce(Bytes.ZERO, Bytes::plus);
        assertEquals(s.limit(), sum, "the parts sum to the limit");
        assertEquals(0, s.limit().value() % (8 << 20), "rounded to 8 MiB");
        assertTrue(s.limit().compareTo(s.peakUsage()) >= 0 && s.limit().value() <= 1.3 * s.peakUsage().value(), s.limit() + " for " + s.peakUsage());
        SizeRow heap = s.rows().get(0);
        assertEquals("java-heap", heap.id());
        assertTrue(heap.basis().contains("the old generation was not read (no perf counters), so the live set is unknown"), heap.basis());
        assertEquals("-Xmx" + (heap.bytes().value() >> 20) + "m", s.javaOptions().get(0));
        SizeRow unseen = s.rows().get(s.rows().size() - 1);
        assertEquals("unseen", unseen.id());
        assertTrue(unseen.why().startsWith("20% of the parts but ") && unseen.why().contains("of clean file pages")
                && unseen.why().contains("one capture is one moment"), unseen.why());
        Bytes parts = sum.minus(unseen.bytes()), clean = Sizer.reclaimable(d.peak().snapshot(), s.rows());
        assertTrue(clean.compareTo(Bytes.ofMiB(8)) > 0, "libjvm.so's clean text at least: " + clean.toIec());
        assertEquals(Sizer.roundUp(parts.plus(parts.minus(clean).times(0.2))), s.limit(), "the clean file pages are their own headroom");
        assertEquals("2", s.env().get("MALLOC_ARENA_MAX"), "306 MiB freed but kept by glibc, 34% of the RSS");
        assertTrue(s.javaOptions().contains("-XX:TrimNativeHeapInterval=60000"), s.javaOptions().toString());
        assertTrue(s.buildpack().underProvisions(), "the formula's 520 MiB beside the heap is less than the 792 MiB this JVM used");
    }

    /** Sized again under its own allocator flags, a recommendation keeps them: its limit holds only with them. */
    @Test void aSecondSizingKeepsTheFirstsAllocatorFlags() throws Exception {
        Sizing first = Sizer.of(capture("jdk25-g1-native-mix")), again = Sizer.of(capture("jdk21-g1-parts-heap-grew"));
        Sizing kept = again.keeping(first, "sized again under its flags");
        assertEquals("2", kept.env().get("MALLOC_ARENA_MAX"));
        assertEquals(1, kept.javaOptions().stream().filter(o -> o.startsWith("-XX:TrimNativeHeapInterval=")).count(), kept.javaOptions().toString());
        assertEquals(again.javaOptions().get(0), kept.javaOptions().get(0), "the heap is the second run's");
        assertEquals(1, kept.javaOptions().stream().filter(o -> o.startsWith("-Xmx")).count(), kept.javaOptions().toString());
        assertEquals(again.limit(), kept.limit());
        assertTrue(kept.notes().contains("sized again under its flags"));
    }

    @Test void aSmallFreeListAsksForNoArenaSetting() throws Exception {
        Sizing s = Sizer.of(capture("jdk21-g1-parts-heap-grew"));
        assertTrue(s.env().isEmpty(), s.env().toString());
        assertTrue(s.javaOptions().stream().anyMatch(o -> o.startsWith("-XX:MaxDirectMemorySize=")), s.javaOptions().toString());
    }

    @Test void aLeakRefusesAndIsNamed() throws Exception {
        TimelineDiagnosis d = capture("jdk17-g1-native-mix");
        Finding leak = new Finding("native-leak", Severity.warning, "Native memory outside NMT grows +300 MiB/h", Evidence.NONE, List.of(), Finding.Confidence.medium);
        TimelineDiagnosis leaking = new TimelineDiagnosis(d.last(), d.peak(), d.timeline(), d.rowTrends(), d.signalTrends(), List.of(leak), d.episodes(), d.notEvaluated());
        Sizing s = Sizer.of(leaking);
        assertEquals("native-leak", s.refused().finding());
        assertNull(s.limit());
        assertTrue(s.refused().reason().startsWith("Native memory outside NMT grows") && s.refused().reason().contains("fix what native-leak names first"));
        Finding info = new Finding("native-leak", Severity.info, "a note", Evidence.NONE, List.of(), Finding.Confidence.low);
        assertNull(Sizer.of(new TimelineDiagnosis(d.last(), d.peak(), d.timeline(), d.rowTrends(), d.signalTrends(), List.of(info), d.episodes(),
                d.notEvaluated())).refused(), "an info finding is no leak verdict");
    }
}
