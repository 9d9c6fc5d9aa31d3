// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import static io.jrss.core.timeline.TimelineBuilder.MIB;
import static io.jrss.core.timeline.TimelineBuilder.wiggle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Severity;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Issue 25's false alarms and its silence, as timelines: a program's first minute is not a trend (two programs that
 * worked 30 s and exited got code-cache-full, "full in about 42m", from 3.5 to 6.5 MiB of a 240 MiB code cache), and
 * direct memory that grows 14 MB/s in a small, quiet heap is said within a minute, before any old collection.
 */
class StartUpIsNotATrendTest {
    static final Duration S5 = Duration.ofSeconds(5), S10 = Duration.ofSeconds(10);
    static final double CODE_CACHE_LIMIT = 240 * MIB;

    /** The reported pace: 3.5 MiB, then +0.1 MiB/s (332.7 MiB/h would fill 240 MiB in about 42 min). */
    static double codeCache(int i, Duration every) { return 3.5 * MIB + 0.1 * MIB * i * every.toSeconds() + wiggle(i) * 0.02 * MIB; }

    @Test void aProgramsFirstThirtySecondsOfJitAreNotACodeCacheFillingUp() {
        TimelineDiagnosis d = new TimelineBuilder(7, S5).signal(Signals.JVM_UPTIME, i -> 2 + 5 * i)
                .signal(Signals.CODE_CACHE_USED, i -> codeCache(i, S5)).limit(Signals.CODE_CACHE_USED, CODE_CACHE_LIMIT).diagnose();
        assertFalse(TimelineRulesTest.ids(d).contains("code-cache-full"), d.findings().toString());
        assertTrue(d.notEvaluated().stream().anyMatch(n -> n.rule().equals("code-cache-full") && n.reason().contains("first minute")), d.notEvaluated().toString());
    }

    @Test void theSamePaceAfterTheFirstMinuteIsATrend() {
        TimelineDiagnosis d = new TimelineBuilder(30, S5).signal(Signals.JVM_UPTIME, i -> 2 + 5 * i)
                .signal(Signals.CODE_CACHE_USED, i -> codeCache(i, S5)).limit(Signals.CODE_CACHE_USED, CODE_CACHE_LIMIT).diagnose();
        Finding f = TimelineRulesTest.finding(d, "code-cache-full");
        assertTrue(f.evidence().get("ruled_out").toString().contains("first minute"), f.evidence().toString());
    }

    @Test void aWarmUpThatSlowsAfterTheFirstMinuteIsNotExtrapolated() {
        // fast while the JVM is young, then a trickle: the whole watch's pace is start-up's
        TimelineDiagnosis d = new TimelineBuilder(30, S5).signal(Signals.JVM_UPTIME, i -> 2 + 5 * i)
                .signal(Signals.CODE_CACHE_USED, i -> (i < 12 ? codeCache(i, S5) : codeCache(12, S5) + 0.005 * MIB * (i - 12) * 5))
                .limit(Signals.CODE_CACHE_USED, CODE_CACHE_LIMIT).diagnose();
        assertFalse(TimelineRulesTest.ids(d).contains("code-cache-full"), d.findings().toString());
    }

    @Test void withoutAnUptimeARowFarBelowItsLimitNeedsAMinuteOfWatch() {
        TimelineDiagnosis d = new TimelineBuilder(7, S5).signal(Signals.CODE_CACHE_USED, i -> codeCache(i, S5))
                .limit(Signals.CODE_CACHE_USED, CODE_CACHE_LIMIT).diagnose();
        assertFalse(TimelineRulesTest.ids(d).contains("code-cache-full"), d.findings().toString());
    }

    @Test void directMemoryGrowingFourteenMegabytesASecondBeforeAnyOldCollectionIsSaid() {
        // a default one-minute watch: 7 samples 10 s apart; 180 chunks of 4 MiB in 52 s; no collection at all
        TimelineDiagnosis d = new TimelineBuilder(7, S10).signal(Signals.JVM_UPTIME, i -> 600 + 10 * i)
                .signal(Signals.DIRECT_MEMORY, i -> (300 + 116 * i) * MIB).signal(Signals.DIRECT_BLOCKS, i -> 75 + 29 * i)
                .signal(Signals.THREADS, i -> 40).signal(Signals.GC_COLLECTIONS, i -> 3).signal(Signals.OLD_COLLECTIONS, i -> 0).diagnose();
        Finding f = TimelineRulesTest.finding(d, "direct-buffer-leak");
        assertEquals(Severity.warning, f.severity());
        assertEquals(Confidence.low, f.confidence());
        assertTrue(f.evidence().get("not_ruled_out").toString().contains("jrss heap"), f.evidence().toString());
        assertTrue(f.evidence().containsKey("ruled_out"), f.evidence().toString());
        assertTrue(f.title().contains("no old-generation collection"), f.title());
    }

    @Test void sevenHundredMegabytesInAMinuteThatStoppedAtTheEndAreStillSaid() {
        // a leak that reached its cap 35 s into a 60 s watch: the second half's pace fell, the row did not go away
        TimelineDiagnosis d = new TimelineBuilder(13, S5).signal(Signals.DIRECT_MEMORY, i -> Math.min(300 + 100 * i, 1000) * MIB)
                .signal(Signals.GC_COLLECTIONS, i -> 0).signal(Signals.OLD_COLLECTIONS, i -> 0).diagnose();
        Finding f = TimelineRulesTest.finding(d, "direct-buffer-leak");
        assertTrue(f.evidence().get("not_ruled_out").toString().contains("a pool filling"), f.evidence().toString());
    }

    @Test void youngCollectionsThatFreedNothingRaiseTheConfidence() {
        TimelineDiagnosis d = new TimelineBuilder(7, S10).signal(Signals.DIRECT_MEMORY, i -> (300 + 116 * i) * MIB)
                .signal(Signals.GC_COLLECTIONS, i -> 3 + i).signal(Signals.OLD_COLLECTIONS, i -> 0).diagnose();
        assertEquals(Confidence.medium, TimelineRulesTest.finding(d, "direct-buffer-leak").confidence());
    }

    /** The last snapshot as the snapshot rules saw a pool of 4 MiB chunks: laid out like threads' cached buffers. */
    static io.jrss.core.analysis.Diagnosis cacheSnapshot() {
        io.jrss.core.analysis.Diagnosis d = io.jrss.core.analysis.Diagnosis.of(new io.jrss.core.SnapshotBuilder().build());
        Finding cache = new Finding("direct-buffer-cache", Severity.critical, "Threads cache 300 MiB of temporary direct buffers",
                io.jrss.core.rules.Evidence.builder().value("ruled_out", "buffers the application allocated").build(), java.util.List.of("jrss heap 4242"), Confidence.medium);
        return new io.jrss.core.analysis.Diagnosis(d.snapshot(), d.ledger(), java.util.List.of(cache), d.notEvaluated(), d.unavailable());
    }

    @Test void aPoolWhoseChunksComeWithoutThreadsIsNotTheTemporaryCache() {
        // the reported Netty leak as a watch began: 75 chunks of 4 MiB for 40 threads (as the cache could hold them), then 29 more every 10 s
        TimelineDiagnosis d = TimelineDiagnosis.of(new TimelineBuilder(7, S10).signal(Signals.DIRECT_MEMORY, i -> (300 + 116 * i) * MIB)
                .signal(Signals.DIRECT_BLOCKS, i -> 75 + 29 * i).signal(Signals.THREADS, i -> 40)
                .signal(Signals.GC_COLLECTIONS, i -> 3).signal(Signals.OLD_COLLECTIONS, i -> 0).build(), cacheSnapshot());
        assertEquals(java.util.List.of("direct-buffer-leak"), TimelineRulesTest.ids(d), d.findings().toString());
    }

    @Test void cachedBuffersThatComeWithTheirThreadsStayTheCache() {
        // the lab's direct-buffer-cache: one more reading thread, and its 32 MiB buffer, every 2 s
        TimelineDiagnosis d = TimelineDiagnosis.of(new TimelineBuilder(8, Duration.ofSeconds(2)).signal(Signals.DIRECT_MEMORY, i -> (256 + 32 * i) * MIB)
                .signal(Signals.DIRECT_BLOCKS, i -> 11 + i).signal(Signals.THREADS, i -> 28 + i)
                .signal(Signals.GC_COLLECTIONS, i -> 3).signal(Signals.OLD_COLLECTIONS, i -> 0).build(), cacheSnapshot());
        assertEquals(java.util.List.of("direct-buffer-cache"), TimelineRulesTest.ids(d), d.findings().toString());
    }

    @Test void classesLoadingBeforeAnyOldCollectionMayStillBeGarbage() {
        // a script compiled per request and dropped: 33 classes a second, none unloaded, because no old collection ran
        TimelineDiagnosis none = new TimelineBuilder(13, S5).signal(Signals.LOADED_CLASSES, i -> 2000 + 165 * i)
                .signal(Signals.METASPACE_COMMITTED, i -> (20 + 2 * i) * MIB).signal(Signals.OLD_COLLECTIONS, i -> 0).diagnose();
        Finding f = TimelineRulesTest.finding(none, "metaspace-leak");
        assertEquals(Confidence.low, f.confidence());
        assertTrue(f.evidence().get("not_ruled_out").toString().contains("VM.classloader_stats"), f.evidence().toString());
        // the same across two old collections: the classes survived them
        TimelineDiagnosis two = new TimelineBuilder(13, S5).signal(Signals.LOADED_CLASSES, i -> 2000 + 165 * i)
                .signal(Signals.METASPACE_COMMITTED, i -> (20 + 2 * i) * MIB).signal(Signals.OLD_COLLECTIONS, i -> i / 6).diagnose();
        assertEquals(Confidence.high, TimelineRulesTest.finding(two, "metaspace-leak").confidence());
    }

    @Test void aLittleDirectGrowthBeforeAnOldCollectionStaysNotEvaluated() {
        TimelineDiagnosis d = new TimelineBuilder(7, S10).signal(Signals.DIRECT_MEMORY, i -> (30 + 5 * i) * MIB)
                .signal(Signals.GC_COLLECTIONS, i -> 3).signal(Signals.OLD_COLLECTIONS, i -> 0).diagnose();
        assertFalse(TimelineRulesTest.ids(d).contains("direct-buffer-leak"), d.findings().toString());
        assertTrue(d.notEvaluated().stream().anyMatch(n -> n.rule().equals("direct-buffer-leak")), d.notEvaluated().toString());
    }
}
