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
import io.jrss.core.snapshot.Readings;
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

    @Test void jdk11sG1UntilJavaHeapSpace() {
        String gc = "root@host:~# jstat -gc 4396 2s\n" + fixture(J + "jdk11-gc-g1-heap-leak.txt");
        PastedVerdict v = verdict(gc);
        assertEquals("a jstat -gc series (204 rows)", v.history(), "the command line gives the times");
        Finding f = finding("heap-leak", gc);
        assertEquals(Severity.critical, f.severity(), f.title());
        assertTrue(f.title().startsWith("The live heap keeps growing") && f.title().contains("from 60 MiB to 239 MiB"), f.title());
        assertEquals(372L, f.evidence().get("span_seconds"), "204 rows 2 s apart, from the first row after a collection");
        Finding gcutil = finding("heap-leak", wrapped(fixture(J + "jdk11-gcutil-t-g1-heap-leak.txt")));
        assertEquals(Severity.critical, gcutil.severity());
        assertEquals(0.999, gcutil.evidence().get("old_share_last"));
    }

    @Test void jdk25sG1RisesThenFillsTheHeap() {
        String gc = fixture(J + "jdk25-gc-g1-heap-leak.txt");
        String[] lines = gc.split("\n");
        String half = String.join("\n", java.util.Arrays.copyOfRange(lines, 0, lines.length / 2)) + "\n";
        Finding rising = finding("heap-leak", "$ jstat -gc 15253 2s\n" + half);
        assertTrue(rising.title().startsWith("The live heap keeps growing") && rising.title().contains("from 98.1 MiB to 149 MiB"), rising.title());
        Finding full = finding("heap-leak", gc, fixture(J + "jdk25-g1-heap-leak-stderr.txt"));
        assertEquals(Severity.critical, full.severity());
        assertTrue(full.title().startsWith("What survives old-generation collections fills the heap: 255 MiB of 256 MiB"), full.title());
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
        assertTrue(withError.title().startsWith("The old generation is 100% full in one jstat row, and the JVM threw OutOfMemoryError"), withError.title());
        assertEquals("-gcutil", withError.evidence().get("jstat_option"), "the row's rule, not the message's alone");
        String oneTicket = "The service died:\n" + fixture(J + "jdk17-parallel-heap-leak-stderr.txt") + "\njstat just before:\n" + oneRow;
        assertEquals(Finding.Confidence.medium, finding("heap-leak", oneTicket).confidence(), "the error and the row in one paste");
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
        assertEquals(io.jrss.core.model.Bytes.ofGiB(4), s.get(Readings.FLAGS).orNull().bytes("MaxHeapSize").orElseThrow());
        assertEquals(io.jrss.core.model.Bytes.of(1690833680L + 7374800 + 322602776), s.get(Readings.HEAP).orNull().used());
        assertTrue(s.unavailable().stream().noneMatch(u -> u.reason().startsWith("could not parse")), s.unavailable().toString());
        noAlarm(fixture(M + "jdk8-jmap-heap-cms-4g-fastjson.txt"));
        noAlarm(fixture(M + "jdk8-jmap-heap-g1-usage-exception-cut.txt"));
        noAlarm(fixture(M + "jdk7-jmap-heap-parallel-permgen.txt"));
        noAlarm(fixture(M + "jdk11-jhsdb-jmap-heap-g1.txt"));
        noAlarm(fixture(M + "jdk11-jhsdb-jmap-heap-parallel.txt"));
        noAlarm(fixture(M + "jdk14-jhsdb-jmap-heap-g1-cut.txt"));
    }

    @Test void healthySeriesRaiseNothing() {
        for (String f : List.of("jdk17-gc-t-g1-healthy-idle.txt", "jdk17-gcutil-g1-healthy-idle.txt", "jdk17-gcutil-t-parallel-warm-up.txt",
                "jdk17-gc-parallel-warm-up.txt", "jdk25-gc-t-g1-warm-up.txt", "jdk25-gcold-g1-warm-up.txt", "jdk11-gccapacity-t-g1-warm-up.txt",
                "jdk11-gcutil-g1-warm-up.txt")) {
            PastedVerdict v = verdict(wrapped(fixture(J + f)));
            assertNotNull(v.timeline(), f + " is a series");
            assertEquals(List.of(), v.findings().stream().filter(x -> x.severity() != Severity.info).map(Finding::id).toList(), f);
        }
        // Parallel's warm-up ran ten full collections after its cache filled: heap-leak was judged and found the live set flat (about 98 MiB)
        PastedVerdict warm = verdict("jstat -gc 8625 2s\n" + fixture(J + "jdk17-gc-parallel-warm-up.txt"));
        assertTrue(warm.timeline().notEvaluated().stream().noneMatch(n -> n.rule().equals("heap-leak")), warm.timeline().notEvaluated().toString());
        for (String f : List.of("jdk17-gcmetacapacity-one-row-healthy-idle.txt", "jdk11-gcold-one-row-warm-up.txt")) noAlarm(fixture(J + f));
    }

    @Test void metaspaceFullThroughBackToBackCollectionsIsMetaspaceAtItsLimit() {
        for (String f : List.of("jdk25-gcutil-t-metaspace-limit.txt", "jdk25-gc-t-metaspace-limit.txt", "jdk11-gcold-metaspace-limit.txt")) {
            List<Finding> all = findings(wrapped(fixture(J + f)));
            Finding m = all.stream().filter(x -> x.id().equals("metaspace-leak")).findFirst().orElseThrow(() -> new AssertionError(f + ": " + all));
            assertEquals(Severity.critical, m.severity(), f);
            assertEquals(Finding.Confidence.medium, m.confidence(), f);
            assertTrue(all.stream().noneMatch(x -> x.id().equals("heap-leak")), f + ": the old generation was not full: " + all);
        }
        String capacity = fixture(J + "jdk11-gcmetacapacity-t-metaspace-limit.txt");
        assertTrue(findings(capacity).stream().noneMatch(x -> x.id().equals("metaspace-leak")), "no MU and no limit: nothing to say metaspace is full");
        Finding withLimit = finding("metaspace-leak", capacity, fixture(J + "jdk11-vm-flags-metaspace-limit.txt"));
        assertEquals(io.jrss.core.model.Bytes.ofMiB(32), withLimit.evidence().get("max_metaspace_size"), withLimit.title());
        assertTrue(withLimit.title().startsWith("Metaspace is at its limit: 32 MiB committed (MaxMetaspaceSize 32 MiB)"), withLimit.title());
    }

    @Test void aMaxHeapAboveTheCgroupsLimitIsAContainerRisk() {
        String jmap = fixture(M + "jdk17-jhsdb-jmap-heap-xmx1g-in-512m-cgroup.txt");
        Finding f = finding("container-limit-risk", jmap, fixture(M + "cgroup-v1-memory.stat-512m-limit.txt"));
        assertEquals(Severity.warning, f.severity());
        assertEquals(io.jrss.core.model.Bytes.ofGiB(1), f.evidence().get("max_heap"), "MaxHeapSize of jmap's Heap Configuration");
        assertEquals(io.jrss.core.model.Bytes.ofMiB(512), f.evidence().get("memory_limit"));
        noAlarm(jmap);
    }

    @Test void jdk8sSeriesFromOrientdbIsNoAlarm() {
        noAlarm(fixture(J + "jdk8-jstat-gc-h10-orientdb-7228.txt"));
        assertTrue(assemble(fixture(J + "jdk8-jstat-gc-h10-orientdb-7228.txt")).found().get(0).contains("jstat -gc"));
    }
}
