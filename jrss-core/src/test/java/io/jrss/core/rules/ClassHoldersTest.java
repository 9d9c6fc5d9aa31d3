// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.heap.ClassHolderText;
import io.jrss.core.model.ClassHolders;
import io.jrss.core.parse.ClassHoldersParser;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.snapshot.SnapshotParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: heap-leak's holder from a heap dump a watch took (--culprits=heap), as the watch's own capture keeps it
 * (fixtures/class_holders, whose README says how each was made): beside the histograms, the growing class gains what
 * holds it; alone, the dump's largest classes are the culprits. Written, read back and written again, the text is the same.
 */
class ClassHoldersTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = ClassHoldersTest.class.getResourceAsStream("/fixtures/class_holders/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Snapshot capture(Map<String, String> files) {
        return SnapshotParser.parse(new Capture(Map.of(CaptureInfo.PID.key(), "4242", CaptureInfo.CAPTURED_AT.key(), "2026-11-27T10:00:00Z"), files, List.of()));
    }

    static final Finding LEAK = new Finding("heap-leak", Severity.warning, "The live set grows", Evidence.NONE, List.of(), Finding.Confidence.high);

    @Test void theHistogramsGrowingClassGainsWhatHoldsIt() throws IOException {
        Snapshot s = capture(Map.of(CaptureFiles.CLASS_HISTOGRAM, fixture("jdk17-heap-leak-watch-histogram-1.txt") + "\n" + fixture("jdk17-heap-leak-watch-histogram-2.txt"),
                CaptureFiles.CLASS_HOLDERS, fixture("jdk17-heap-leak-watch-culprits-heap.txt")));
        Culprit first = Culprits.of(s, LEAK).culprits().get(0);
        assertEquals("[B", first.name(), "the 256 KiB arrays the lab keeps");
        assertTrue(first.how().startsWith("jcmd 4242 GC.class_histogram"), first.how());
        assertTrue(first.how().endsWith("; held by java.util.ArrayList <- io.jrss.lab.HeapLeak.LEAKED (static) (100% of its reachable bytes, a heap dump)"), first.how());
    }

    @Test void aCacheLibrarysObjectsAreHeldByItsStoreUpToTheStackThatHoldsTheCache() throws IOException {
        Snapshot s = capture(Map.of(CaptureFiles.CLASS_HISTOGRAM, fixture("jdk17-ehcache-domain-cache-watch-histogram-1.txt") + "\n"
                + fixture("jdk17-ehcache-domain-cache-watch-histogram-2.txt"), CaptureFiles.CLASS_HOLDERS, fixture("jdk17-ehcache-domain-cache-watch-culprits-heap.txt")));
        Culprit order = Culprits.of(s, LEAK).culprits().stream().filter(c -> c.name().equals("io.jrss.it.workload.DomainCache$Order")).findFirst().orElseThrow();
        assertTrue(order.how().contains("; held by org.ehcache.impl.internal.concurrent.ConcurrentHashMap <- org.ehcache.impl.internal.store.heap.SimpleBackend"
                + " <- org.ehcache.impl.internal.store.heap.OnHeapStore <- GC root JavaFrame (thread main): org.ehcache.core.Ehcache (100%"), order.how());
    }

    @Test void aDumpAloneNamesItsLargestClassesWithoutGrowth() throws IOException {
        Snapshot s = capture(Map.of(CaptureFiles.CLASS_HOLDERS, fixture("jdk17-ehcache-domain-cache-watch-culprits-heap.txt")));
        List<Culprit> culprits = Culprits.of(s, LEAK).culprits();
        assertEquals("org.ehcache.impl.internal.store.heap.holders.SimpleOnHeapValueHolder", culprits.get(0).name(), "not the JDK's, and 7% of the bytes: " + culprits);
        assertEquals("io.jrss.it.workload.DomainCache$Order", culprits.get(1).name());
        assertTrue(culprits.stream().allMatch(c -> c.growthPerHour() == null), "one dump shows no growth");
        assertTrue(culprits.get(0).how().contains("--culprits=histogram,heap") && culprits.get(0).how().contains("paused it 0.67 s"), culprits.get(0).how());
    }

    @Test void theTextReadsBackAsItWasWritten() throws IOException {
        String text = fixture("jdk17-ehcache-domain-cache-watch-culprits-heap.txt");
        ClassHolders h = ClassHoldersParser.parse(text);
        assertEquals(text, ClassHolderText.of(h));
        assertEquals(0.67, h.pauseSeconds());
        assertEquals(h, capture(Map.of(CaptureFiles.CLASS_HOLDERS, text)).get(Readings.CLASS_HOLDERS).orNull());
    }
}
