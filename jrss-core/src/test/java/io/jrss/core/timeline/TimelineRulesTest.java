// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import static io.jrss.core.timeline.TimelineBuilder.MIB;
import static io.jrss.core.timeline.TimelineBuilder.wiggle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.SnapshotBuilder;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Timeline rules on synthetic timelines: each fires on its pattern and stays quiet on the look-alikes. */
class TimelineRulesTest {
    static final Duration S10 = Duration.ofSeconds(10);

    static List<String> ids(TimelineDiagnosis d) { return d.findings().stream().map(Finding::id).toList(); }

    static Finding finding(TimelineDiagnosis d, String id) { return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(); }

    @Test void heapLeakFollowsWhatSurvivesOldCollections() {
        // old gen: +1 MiB per sample under a sawtooth of young promotions that an old collection cuts back every 5 samples
        TimelineDiagnosis d = new TimelineBuilder(60, S10)
                .signal(Signals.HEAP_OLD_USED, i -> (100 + i) * MIB + (i % 5) * 8 * MIB)
                .signal(Signals.OLD_COLLECTIONS, i -> i / 5)
                .limit(Signals.HEAP_OLD_USED, 512 * MIB).diagnose();
        Finding f = finding(d, "heap-leak");
        assertEquals(Confidence.high, f.confidence(), "11 collections, each floor higher");
        assertTrue(f.title().contains("keeps growing") && f.title().contains("old-generation collections"), f.title());
        assertTrue((double) f.evidence().get("live_heap_slope_mib_per_hour") > 300, f.evidence().toString());
        assertTrue(f.evidence().get("ruled_out").toString().startsWith("promoted garbage"), f.evidence().toString());
        assertTrue(f.evidence().containsKey("live_heap_time_to_limit"), "the time to the max heap is that of the live set");
    }

    /**
     * The old generation of a recording (jrss watch --culprits --interval 2s of the lab's heap-leak on JDK 25.0.3,
     * 2026-11-27): G1's floors, garbage and all, climb to 190 MiB; then heap-leak fired, the class histogram's full
     * collection left 140 MiB, the live set, and the floors fell below their earlier highs. A floor is at most the live
     * set of its time, so 96.8 MiB then and 140 MiB all live 32 s later is a rise no garbage explains.
     */
    @Test void aFullCollectionBelowInflatedFloorsStillShowsTheLiveSetRising() {
        double[] old = {87.9, 87.9, 91.5, 96.8, 96.8, 102.3, 114.0, 115.3, 121.3, 126.5, 137.0, 143.0, 149.0, 154.0, 163.3, 173.8, 177.0, 181.5, 190.3, 140.5, 161.2};
        int[] olds = {2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8, 8, 8, 10, 10, 12, 15, 15};
        TimelineDiagnosis d = new TimelineBuilder(old.length, Duration.ofSeconds(2))
                .signal(Signals.HEAP_OLD_USED, i -> old[i] * MIB).signal(Signals.OLD_COLLECTIONS, i -> olds[i])
                .signal(Signals.FULL_COLLECTIONS, i -> i >= 19 ? 1 : 0).limit(Signals.HEAP_OLD_USED, 256 * MIB).diagnose();
        Finding f = finding(d, "heap-leak");
        assertTrue(f.title().contains("a full collection left 141 MiB live") && f.title().contains("left 96.8 MiB"), f.title());
        assertEquals(Confidence.medium, f.confidence());
        // the same floors without the full collection's mark: the fall reads as a cache that stopped, as before
        TimelineDiagnosis unmarked = new TimelineBuilder(old.length, Duration.ofSeconds(2))
                .signal(Signals.HEAP_OLD_USED, i -> old[i] * MIB).signal(Signals.OLD_COLLECTIONS, i -> olds[i])
                .limit(Signals.HEAP_OLD_USED, 256 * MIB).diagnose();
        assertFalse(ids(unmarked).contains("heap-leak"), unmarked.findings().toString());
    }

    @Test void fullCollectionsThatEachLeaveMoreAreALeakEvenWhenTheWatchCameLate() {
        // a real watch (2026-11-27, --interval 2s --duration 40s) of the lab's heap leak on JDK 25, started late with three
        // busy loops on the two cores: the heap was near full, G1 ran three full collections, and the rule said nothing
        long[] old = {225968192, 241696832, 257425472, 163033816, 176923320, 211000408, 176666136, 201303304, 185317416, 198420760,
                198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760, 198420760};
        int[] olds = {14, 16, 20, 29, 29, 31, 42, 42, 51, 53, 57, 61, 67, 71, 75, 81, 85, 89, 95, 101, 109, 109};
        int[] fulls = {0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
        TimelineDiagnosis d = new TimelineBuilder(old.length, Duration.ofSeconds(2))
                .signal(Signals.HEAP_OLD_USED, i -> old[i]).signal(Signals.OLD_COLLECTIONS, i -> olds[i]).signal(Signals.FULL_COLLECTIONS, i -> fulls[i])
                .limit(Signals.HEAP_OLD_USED, 256 * MIB).diagnose();
        Finding f = finding(d, "heap-leak");
        assertTrue(f.title().startsWith("The live heap keeps growing: 3 full collections left 155 MiB, 168 MiB, 177 MiB live"), f.title());
        assertEquals(Confidence.medium, f.confidence());
        // two full collections, or three that do not each leave more, are not enough
        int[] twoFulls = {0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
        TimelineDiagnosis two = new TimelineBuilder(old.length, Duration.ofSeconds(2))
                .signal(Signals.HEAP_OLD_USED, i -> old[i]).signal(Signals.OLD_COLLECTIONS, i -> olds[i]).signal(Signals.FULL_COLLECTIONS, i -> twoFulls[i])
                .limit(Signals.HEAP_OLD_USED, 256 * MIB).diagnose();
        assertFalse(ids(two).contains("heap-leak") && finding(two, "heap-leak").title().contains("full collections left"), two.findings().toString());
    }

    @Test void aFullCollectionThatLeavesWhatTheFloorsSaidIsNoLeak() {
        // a cache that filled to 160 MiB over the first collections and stays; a histogram's full collection leaves 150 MiB
        TimelineDiagnosis d = new TimelineBuilder(60, S10)
                .signal(Signals.HEAP_OLD_USED, i -> i >= 55 ? 150 * MIB + (i - 55) * MIB : Math.min(100 + 4 * i, 160) * MIB + (i % 5) * 8 * MIB)
                .signal(Signals.OLD_COLLECTIONS, i -> i / 5 + (i >= 55 ? 1 : 0)).signal(Signals.FULL_COLLECTIONS, i -> i >= 55 ? 1 : 0)
                .limit(Signals.HEAP_OLD_USED, 512 * MIB).diagnose();
        assertFalse(ids(d).contains("heap-leak"), d.findings().toString());
    }

    @Test void beforeAnyOldCollectionTheOldGenerationIsPromotedGarbageNotALeak() {
        // the healthy G1 service: promotions climb the old generation for a minute, no concurrent cycle yet
        TimelineDiagnosis d = new TimelineBuilder(60, Duration.ofSeconds(1))
                .signal(Signals.HEAP_OLD_USED, i -> (20 + 1.5 * i) * MIB + wiggle(i) * MIB)
                .signal(Signals.OLD_COLLECTIONS, i -> 0)
                .limit(Signals.HEAP_OLD_USED, 256 * MIB).diagnose();
        assertFalse(ids(d).contains("heap-leak"), d.findings().toString());
        String why = d.notEvaluated().stream().filter(n -> n.rule().equals("heap-leak")).findFirst().orElseThrow().reason();
        assertTrue(why.contains("no old-generation collection during the watch"), why);
    }

    @Test void aLiveSetThatFilledEarlyAndStaysIsNotALeak() {
        // a cache filling over the first collections, then flat across the later ones
        TimelineDiagnosis d = new TimelineBuilder(60, S10)
                .signal(Signals.HEAP_OLD_USED, i -> Math.min(100 + 4 * i, 160) * MIB + (i % 5) * 8 * MIB)
                .signal(Signals.OLD_COLLECTIONS, i -> i / 5)
                .limit(Signals.HEAP_OLD_USED, 512 * MIB).diagnose();
        assertFalse(ids(d).contains("heap-leak"), d.findings().toString());
    }

    @Test void aSawtoothHeapIsNotALeak() {
        TimelineDiagnosis d = new TimelineBuilder(60, S10)
                .signal(Signals.HEAP_OLD_USED, i -> 100 * MIB + (i % 10) * 20 * MIB + wiggle(i) * MIB).diagnose();
        assertFalse(ids(d).contains("heap-leak"), d.findings().toString());
    }

    @Test void aWarmUpThatFlattensIsNotALeak() {
        // classes and old gen rise fast for the first 20 samples, then stay
        TimelineDiagnosis d = new TimelineBuilder(60, S10)
                .signal(Signals.LOADED_CLASSES, i -> 2000 + 3000 * (1 - Math.exp(-i / 5.0)) + wiggle(i))
                .signal(Signals.HEAP_OLD_USED, i -> (40 + 60 * (1 - Math.exp(-i / 5.0))) * MIB)
                .signal(Signals.THREADS, i -> Math.min(40, 10 + i * 3)).diagnose();
        assertEquals(List.of("nmt-off"), ids(d), "warm-up only (nmt-off is the snapshot's information)");
    }

    @Test void metaspaceLeakNeedsClassesStillLoadingAtTheEnd() {
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(1))
                .signal(Signals.LOADED_CLASSES, i -> 5000 + 50 * i + 3 * wiggle(i))
                .signal(Signals.METASPACE_COMMITTED, i -> (60 + 0.75 * i) * MIB).diagnose();
        Finding f = finding(d, "metaspace-leak");
        assertEquals(Confidence.high, f.confidence());
        assertEquals(Severity.warning, f.severity());
    }

    @Test void threadLeak() {
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(1)).signal(Signals.THREADS, i -> 520 + 5 * i).diagnose();
        assertTrue(ids(d).contains("thread-leak"), d.findings().toString());
        TimelineDiagnosis flat = new TimelineBuilder(30, Duration.ofSeconds(1)).signal(Signals.THREADS, i -> 520 + (i % 3)).diagnose();
        assertFalse(ids(flat).contains("thread-leak"));
    }

    @Test void nativeLeakIsGlibcInUseBeyondNmt() {
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(1))
                .signal(Signals.NATIVE_UNTRACKED, i -> (150 + 3 * i) * MIB + wiggle(i) * MIB)
                .signal(Signals.NMT_COMMITTED, i -> 328 * MIB).diagnose();
        Finding f = finding(d, "native-leak");
        assertEquals(Confidence.high, f.confidence());
        assertTrue(f.title().contains("NMT does not track"), f.title());
    }

    @Test void heapOvercommittedIsCommittedFarAboveEveryUse() {
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(2))
                .signal(Signals.HEAP_COMMITTED, i -> 1024 * MIB).signal(Signals.HEAP_USED, i -> (11 + i % 17) * MIB).diagnose();
        assertTrue(ids(d).contains("heap-overcommitted"));
        TimelineDiagnosis busy = new TimelineBuilder(30, Duration.ofSeconds(2))
                .signal(Signals.HEAP_COMMITTED, i -> 1024 * MIB).signal(Signals.HEAP_USED, i -> (100 + (i % 10) * 90) * MIB).diagnose();
        assertFalse(ids(busy).contains("heap-overcommitted"), "a busy sawtooth uses its heap");
    }

    @Test void compilerMemorySpike() {
        TimelineDiagnosis d = new TimelineBuilder(20, Duration.ofSeconds(1))
                .signal(Signals.COMPILER_MEMORY, i -> (i == 12 ? 700 : 8) * MIB).diagnose();
        assertEquals(Severity.warning, finding(d, "compiler-memory-spike").severity());
    }

    @Test void throttlingIsJudgedOnTheWatchNotTheCumulativeCounters() {
        var cumulative = new SnapshotBuilder().cpu(20_000, 10_000, 4_000).build(); // 40% since the cgroup started
        TimelineDiagnosis ongoing = new TimelineBuilder(20, Duration.ofSeconds(1))
                .signal(Signals.CPU_PERIODS, i -> 10_000 + 10 * i).signal(Signals.CPU_THROTTLED, i -> 4_000 + 9 * i).diagnose(cumulative);
        assertEquals(Severity.critical, finding(ongoing, "cpu-throttling").severity());
        TimelineDiagnosis past = new TimelineBuilder(20, Duration.ofSeconds(1))
                .signal(Signals.CPU_PERIODS, i -> 10_000 + 10 * i).signal(Signals.CPU_THROTTLED, i -> 4_000).diagnose(cumulative);
        assertEquals(Severity.info, finding(past, "cpu-throttling").severity());
    }

    @Test void aShortWatchJudgesNoGrowthAndSaysSo() {
        TimelineDiagnosis d = new TimelineBuilder(3, Duration.ofSeconds(1)).signal(Signals.THREADS, i -> 500 + 100 * i).diagnose();
        assertFalse(ids(d).contains("thread-leak"));
        assertTrue(d.notEvaluated().stream().anyMatch(n -> n.rule().equals("thread-leak") && n.reason().contains("too short")));
    }

    @Test void glibcFreeMemoryThatRatchetsUp() {
        TimelineDiagnosis d = new TimelineBuilder(40, Duration.ofSeconds(5))
                .signal(Signals.GLIBC_FREE, i -> (10 + 100 * (i / 6)) * MIB)
                .signal(Signals.GLIBC_IN_USE, i -> 200 * MIB + wiggle(i) * MIB).diagnose();
        Finding f = finding(d, "glibc-fragmentation");
        assertEquals("ratchet", f.evidence().get("glibc_free_shape"));
        assertTrue(f.remedy().get(0).contains("TrimNativeHeapInterval") && f.remedy().get(1).contains("MALLOC_ARENA_MAX")
                && f.remedy().get(2).contains("jrss compare -- java"), f.remedy().toString());
    }

    @Test void rssOnCourseToTheContainerLimit() {
        // the heap was committed and resident at the first full sample (pre-touched): RSS growth is not first touch
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(10))
                .signal(Signals.RSS, i -> (300 + i) * MIB).signal(Signals.HEAP_COMMITTED, i -> 128 * MIB).limit(Signals.RSS, 384 * MIB)
                .full(i -> i == 0).row("java-heap", i -> 128 * MIB).diagnose();
        Finding f = finding(d, "container-limit-risk");
        assertTrue(f.title().contains("reaches the container limit"), f.title());
        assertTrue(f.evidence().get("ruled_out").toString().contains("first touching"), f.evidence().toString());
    }

    @Test void rssGrowingByFirstTouchOfTheCommittedHeapIsNotALimitRisk() {
        // G1 touching a 256 MiB heap it committed at start (docs/pitfalls.md 7): only 40 MiB resident at first
        TimelineDiagnosis d = new TimelineBuilder(30, Duration.ofSeconds(10))
                .signal(Signals.RSS, i -> (150 + 3 * i) * MIB).signal(Signals.HEAP_COMMITTED, i -> 256 * MIB).limit(Signals.RSS, 384 * MIB)
                .full(i -> i == 0).row("java-heap", i -> 40 * MIB).diagnose();
        assertFalse(ids(d).contains("container-limit-risk"), d.findings().toString());
    }

    @Test void startUpClassLoadingThatSlowsIsNotAMetaspaceLeak() {
        // a service's start: thousands of classes at first, then a few hundred more loaded lazily by the first requests
        TimelineDiagnosis d = new TimelineBuilder(13, Duration.ofSeconds(5))
                .signal(Signals.LOADED_CLASSES, i -> 3000 + 12000 * (1 - Math.exp(-i / 2.0)) + 8 * i)
                .signal(Signals.METASPACE_COMMITTED, i -> (20 + 70 * (1 - Math.exp(-i / 2.0))) * MIB).diagnose();
        assertFalse(ids(d).contains("metaspace-leak"), d.findings().toString());
    }

    @Test void everyAlarmNamesTheBenignExplanationItRuledOut() {
        List<TimelineDiagnosis> alarms = List.of(
                new TimelineBuilder(30, Duration.ofSeconds(1)).signal(Signals.THREADS, i -> 520 + 5 * i).diagnose(),
                new TimelineBuilder(30, Duration.ofSeconds(1)).signal(Signals.NATIVE_UNTRACKED, i -> (150 + 3 * i) * MIB).diagnose(),
                new TimelineBuilder(30, Duration.ofSeconds(1)).signal(Signals.LOADED_CLASSES, i -> 5000 + 50 * i).diagnose(),
                new TimelineBuilder(30, Duration.ofSeconds(2)).signal(Signals.HEAP_COMMITTED, i -> 1024 * MIB)
                        .signal(Signals.HEAP_USED, i -> (11 + i % 17) * MIB).diagnose(),
                new TimelineBuilder(20, Duration.ofSeconds(1)).signal(Signals.COMPILER_MEMORY, i -> (i == 12 ? 700 : 8) * MIB).diagnose(),
                new TimelineBuilder(40, Duration.ofSeconds(5)).signal(Signals.GLIBC_FREE, i -> (10 + 100 * (i / 6)) * MIB)
                        .signal(Signals.GLIBC_IN_USE, i -> 200 * MIB).diagnose());
        for (TimelineDiagnosis d : alarms) {
            List<Finding> raised = d.findings().stream().filter(f -> f.severity() != Severity.info).toList();
            assertFalse(raised.isEmpty(), d.findings().toString());
            for (Finding f : raised) assertTrue(f.evidence().containsKey("ruled_out"), f.id() + " names what it ruled out: " + f.evidence());
        }
    }
}
