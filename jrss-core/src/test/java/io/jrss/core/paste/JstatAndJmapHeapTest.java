// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static io.jrss.core.paste.PastedFormatsTest.assemble;
import static io.jrss.core.paste.PastedFormatsTest.finding;
import static io.jrss.core.paste.PastedFormatsTest.findings;
import static io.jrss.core.paste.PastedFormatsTest.fixture;
import static io.jrss.core.paste.PastedFormatsTest.noAlarm;
import static io.jrss.core.paste.PastedFormatsTest.wrapped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * jstat and jmap -heap end to end, as analyze reads them: real outputs (fixtures/jstat, fixtures/jmap_heap, whose
 * READMEs name their origin) through Inputs.assemble and PastedVerdict, recognised by content (also under a fence
 * and log timestamps): a series is a timeline, a row or one jmap is one moment.
 */
class JstatAndJmapHeapTest {
    static final String J = "jstat/", M = "jmap_heap/";

    static PastedVerdict verdict(String... texts) { return PastedVerdict.of(assemble(texts).capture()); }

    @Test void aSeriesWhoseLiveSetRisesIsAHeapLeakTimeline() {
        String gc = fixture(J + "jdk17-gc-t-parallel-heap-leak.txt");
        String rising = gc.substring(0, gc.indexOf("\n          190.")); // before the old generation fills: the floors still rise
        PastedVerdict v = verdict(wrapped(rising));
        assertNotNull(v.timeline(), "a series is a timeline");
        assertTrue(v.history().startsWith("a jstat -gc series ("), v.history());
        Finding f = v.findings().stream().filter(x -> x.id().equals("heap-leak")).findFirst().orElseThrow(() -> new AssertionError(v.findings().toString()));
        assertTrue(f.title().startsWith("The live heap keeps growing"), f.title());
        assertTrue(((Number) f.evidence().get("old_generation_collections_during_watch")).longValue() >= 4, f.evidence().toString());
    }

    @Test void theOldGenerationFullThroughBackToBackCollectionsIsCritical() {
        for (String file : List.of("jdk17-gc-t-parallel-heap-leak.txt", "jdk17-gcutil-parallel-heap-leak.txt", "jdk17-gcold-parallel-heap-leak.txt")) {
            Finding f = finding("heap-leak", fixture(J + file));
            assertEquals(Severity.critical, f.severity(), file + ": " + f.title());
        }
        Finding gcutil = finding("heap-leak", fixture(J + "jdk17-gcutil-parallel-heap-leak.txt"));
        assertTrue(gcutil.title().startsWith("The old generation stays full"), "percentages alone: the rows' rule: " + gcutil.title());
    }

    @Test void oneRowIsInformationAndWithTheErrorItIsCritical() {
        String gcutil = fixture(J + "jdk17-gcutil-parallel-heap-leak.txt");
        String[] lines = gcutil.split("\n");
        String oneRow = lines[0] + "\n" + lines[lines.length - 1] + "\n";
        Finding info = finding("heap-leak", oneRow);
        assertEquals(Severity.info, info.severity(), info.title());
        assertNull(verdict(oneRow).timeline(), "one row is no timeline");
        noAlarm(oneRow);
        Finding withError = finding("heap-leak", oneRow, fixture(J + "jdk17-parallel-heap-leak-stderr.txt"));
        assertEquals(Severity.critical, withError.severity());
        assertTrue(withError.title().contains("OutOfMemoryError"), withError.title());
        noAlarm(fixture(J + "jdk17-gccapacity-one-row-parallel-heap-leak.txt"));
    }

    @Test void anOldGenerationNearlyFullInOneJmapIsInformationUnlessTheHeapRanOut() {
        String jmap = fixture(M + "jdk17-jhsdb-jmap-heap-g1-old-full.txt");
        Finding info = finding("heap-leak", wrapped(jmap));
        assertEquals(Severity.info, info.severity(), info.title());
        assertTrue(info.title().startsWith("The G1 Old Generation is 96% full (234 MiB of 243 MiB) in jmap -heap"), info.title());
        noAlarm(jmap);
        Finding ran = finding("heap-leak", jmap, fixture(M + "jdk17-g1-heap-leak-stderr.txt"));
        assertEquals(Severity.critical, ran.severity());
        assertEquals(Finding.Confidence.medium, ran.confidence(), "the jmap rule, not the message alone (low)");
        assertEquals(true, ran.evidence().get("heap_out_of_memory_error"));
    }

    @Test void jmapHeapStandsInForTheFlagsAndTheHeap() {
        var s = io.jrss.core.snapshot.SnapshotParser.parse(assemble(fixture(M + "jdk8-jmap-heap-cms-4g-fastjson.txt")).capture());
        assertEquals("CMS", s.gc());
        assertEquals(io.jrss.core.model.Bytes.ofGiB(4), s.flags().orNull().bytes("MaxHeapSize").orElseThrow());
        assertEquals(io.jrss.core.model.Bytes.of(1690833680L + 7374800 + 322602776), s.heap().orNull().used());
        assertTrue(s.unavailable().stream().noneMatch(u -> u.reason().startsWith("could not parse")), s.unavailable().toString());
        noAlarm(fixture(M + "jdk8-jmap-heap-cms-4g-fastjson.txt"));
        noAlarm(fixture(M + "jdk8-jmap-heap-g1-usage-exception-cut.txt"));
        noAlarm(fixture(M + "jdk7-jmap-heap-parallel-permgen.txt"));
        noAlarm(fixture(M + "jdk11-jhsdb-jmap-heap-g1.txt"));
        noAlarm(fixture(M + "jdk11-jhsdb-jmap-heap-parallel.txt"));
        noAlarm(fixture(M + "jdk14-jhsdb-jmap-heap-g1-cut.txt"));
    }

    @Test void jdk8sSeriesFromOrientdbIsNoAlarm() {
        noAlarm(fixture(J + "jdk8-jstat-gc-h10-orientdb-7228.txt"));
        assertTrue(assemble(fixture(J + "jdk8-jstat-gc-h10-orientdb-7228.txt")).found().get(0).contains("jstat -gc"));
    }
}
