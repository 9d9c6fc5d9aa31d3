// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.timeline.Signals;
import io.jrss.core.trend.Growth;
import java.time.Duration;
import java.util.List;

/**
 * heap-leak: the live heap keeps growing. Between collections of the old generation its occupancy is promoted
 * garbage as much as live data (a healthy service with a fixed heap climbs for minutes before its first concurrent
 * cycle), so the rule judges only what survives old-generation collections ({@link LiveSet}): at least
 * {@link LiveSet#MIN_FLOORS} of them during the watch, the floor after them rising with 95% confidence, and still
 * rising in the later collections ({@link LiveSet#stillRising}).
 * Before that it is "not evaluated", with how long to watch. The time to the max heap is that of the live set.
 */
public final class HeapLeakRule implements TimelineRule {
    static final double MIB = 1 << 20;
    static final double MIN_GROWTH = 16 * MIB, MIN_SHARE_OF_MAX = 0.05;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        if (!f.longEnough()) return tooShort(f);
        LiveSet live = LiveSet.of(f.timeline());
        if (live.occupancy().size() < TimelineFacts.MIN_SAMPLES) {
            return notEvaluated("no old-generation occupancy and collection counts (the JVM's hsperfdata: -XX:+UsePerfData, the default)");
        }
        Double max = oldMax(f);
        RuleResult full = atTheLimit(f, live, max);
        if (full != null) return full;
        RuleResult exact = acrossFullCollections(f, live, max);
        if (exact != null) return exact;
        if (live.floors().size() < LiveSet.MIN_FLOORS) return notEvaluated(tooFewCollections(f, live));
        Growth g = Growth.of(live.floors(), MIB, max);
        double min = Math.max(MIN_GROWTH, max == null ? 0 : MIN_SHARE_OF_MAX * max);
        if (!g.rising() || g.delta() < min || !live.stillRising(min / 2)) return afterFullCollections(f, live, min, max);
        Duration ttl = g.whole().timeToLimit();
        Severity sev = ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning;
        Bytes first = Bytes.of(Math.round(live.floors().values().get(0))), last = Bytes.of(Math.round(live.floors().last()));
        Evidence.Builder e = TrendEvidence.add(Evidence.builder(), "live_heap", g, true)
                .value("live_heap_source", "the old generation's occupancy after each of its collections (hsperfdata)")
                .value("old_generation_collections_during_watch", live.collections())
                .value("ruled_out", "promoted garbage: what survived " + live.collections() + " old-generation collections rose from "
                        + first.toIec() + " to " + last.toIec() + ", and still rose in the second half of the watch");
        if (max != null) e.bytes("max_heap", Bytes.of(max.longValue()));
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), sev,
                "The live heap keeps growing: " + TrendEvidence.rate(g, true) + ", from " + first.toIec() + " to " + last.toIec() + " across "
                        + live.collections() + " old-generation collections" + (ttl != null ? "; the max heap is reached in about " + TrendEvidence.human(ttl) : ""),
                e.build(),
                remedy(pid),
                live.floors().size() >= 2 * LiveSet.MIN_FLOORS ? Confidence.high : Confidence.medium));
    }

    /**
     * A full collection (a class histogram's, GC.run, a System.gc) left fewer bytes than the concurrent cycles' floors
     * before it, which hold garbage it clears: those floors rose and still rose up to it, and what it left, the live set
     * itself, is above the lowest of them by more than a leak's least growth. A floor is at most the live set of its
     * time, so the difference is growth no garbage explains. When it left no more than the floors started from, their
     * rise was garbage: quiet.
     */
    private RuleResult afterFullCollections(TimelineFacts f, LiveSet live, double min, Double max) {
        LiveSet.Rise r = live.riseToLastFull();
        if (r == null || r.delta() < min) return RuleResult.quiet();
        LiveSet before = live.before(r.to());
        if (before.floors().size() < LiveSet.MIN_FLOORS) return RuleResult.quiet();
        Growth g = Growth.of(before.floors(), MIB, max);
        if (!g.rising() || g.delta() < min || !before.stillRising(min / 2)) return RuleResult.quiet();
        double seconds = Duration.between(r.from(), r.to()).toMillis() / 1000.0;
        if (seconds <= 0) return RuleResult.quiet();
        Bytes low = Bytes.of(Math.round(r.low())), now = Bytes.of(Math.round(r.live()));
        double perSecond = r.delta() / seconds;
        Duration ttl = max == null || max <= r.live() ? null : Duration.ofSeconds(Math.round((max - r.live()) / perSecond));
        String apart = TrendEvidence.human(Duration.ofSeconds(Math.round(seconds)));
        Evidence.Builder e = Evidence.builder().bytes("live_heap_at_most_before", low).bytes("live_heap_after_full_collection", now)
                .value("seconds_between", Math.round(seconds)).value("live_heap_growth_mib_per_hour", Math.round(perSecond * 3600 / MIB * 10) / 10.0)
                .value("live_heap_source", "the old generation's occupancy after its collections (hsperfdata); after a full collection only live data is left")
                .value("ruled_out", "promoted garbage: an old collection left " + low.toIec() + " (the live set then, and maybe garbage) and a full collection "
                        + apart + " later left " + now.toIec() + ", which is all live");
        if (max != null) e.bytes("max_heap", Bytes.of(max.longValue()));
        if (ttl != null) e.value("max_heap_reached_in", TrendEvidence.human(ttl));
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning,
                "The live heap keeps growing: a full collection left " + now.toIec() + " live, where an old collection " + apart + " before left "
                        + low.toIec() + (ttl != null ? "; at this pace the max heap is reached in about " + TrendEvidence.human(ttl) : ""),
                e.build(),
                remedy(pid),
                Confidence.medium));
    }

    /** Full collections, each leaving the live set itself, needed to call a rise between them a leak. */
    static final int EXACT_FLOORS = 3;

    /**
     * Each of the last {@value #EXACT_FLOORS} or more full collections (stop-the-world, of the whole heap: what they leave
     * is all live) left more than the one before, by a leak's least growth in all. No garbage explains that, whatever
     * the concurrent cycles' floors between them say; and a heap that fills up brings such collections on, so this is
     * how a leak looks when the watch comes late (the lab's under load on JDK 25: 155, 168 and 177 MiB in 10 s, where
     * the rule said nothing before). A cache still warming grows the same way: hence medium confidence, and the histograms name which.
     */
    private RuleResult acrossFullCollections(TimelineFacts f, LiveSet live, Double max) {
        var exact = live.exact().values();
        int n = exact.size();
        if (n < EXACT_FLOORS) return null;
        for (int i = 1; i < n; i++) if (exact.get(i) <= exact.get(i - 1)) return null;
        double min = Math.max(MIN_GROWTH, max == null ? 0 : MIN_SHARE_OF_MAX * max), delta = exact.get(n - 1) - exact.get(0);
        if (delta < min) return null;
        double seconds = Duration.between(live.exact().times().get(0), live.exact().times().get(n - 1)).toMillis() / 1000.0;
        if (seconds <= 0) return null;
        double perSecond = delta / seconds;
        Bytes first = Bytes.of(Math.round(exact.get(0))), last = Bytes.of(Math.round(exact.get(n - 1)));
        Duration ttl = max == null || max <= exact.get(n - 1) ? null : Duration.ofSeconds(Math.round((max - exact.get(n - 1)) / perSecond));
        String each = exact.stream().map(v -> Bytes.of(Math.round(v)).toIec()).collect(java.util.stream.Collectors.joining(", "));
        Evidence.Builder e = Evidence.builder().bytes("live_heap_first_full_collection", first).bytes("live_heap_last_full_collection", last)
                .value("full_collections_during_watch", n).value("seconds_between", Math.round(seconds))
                .value("live_heap_growth_mib_per_hour", Math.round(perSecond * 3600 / MIB * 10) / 10.0)
                .value("live_heap_source", "the old generation's occupancy after each full collection (hsperfdata): only live data is left")
                .value("ruled_out", "promoted garbage: " + n + " full collections each left more than the one before (" + each + "), and a full collection leaves no garbage");
        if (max != null) e.bytes("max_heap", Bytes.of(max.longValue()));
        if (ttl != null) e.value("max_heap_reached_in", TrendEvidence.human(ttl));
        return RuleResult.fired(new Finding(id(), ttl != null && ttl.compareTo(Duration.ofHours(1)) < 0 ? Severity.critical : Severity.warning,
                "The live heap keeps growing: " + n + " full collections left " + each + " live, each more than the one before"
                        + (ttl != null ? "; at this pace the max heap is reached in about " + TrendEvidence.human(ttl) : ""),
                e.build(), remedy(f.pid()), Confidence.medium));
    }

    /** What to do about a live set that keeps growing, whichever collections showed it. */
    private static List<String> remedy(String pid) {
        return List.of("Find the holder: jcmd " + pid + " GC.class_histogram twice, minutes apart, and compare (each forces a full GC)",
                "Or dump the live objects: jcmd " + pid + " GC.heap_dump /tmp/heap.hprof (pauses the JVM) and read the dominator tree in Eclipse MAT",
                "Bound what grows: caches without eviction, listeners never removed, ThreadLocals in pooled threads, static collections",
                "If this live set is intended, raise -Xmx and the container limit together");
    }

    /** The old generation's capacity where the samples say it (hsperfdata, a GC log), else the max heap. */
    static Double oldMax(TimelineFacts f) {
        var capacity = f.timeline().series(Signals.HEAP_OLD_MAX);
        if (capacity.size() > 0) return capacity.values().stream().max(Double::compare).orElseThrow();
        return f.timeline().limit(Signals.HEAP_OLD_USED);
    }

    /** What survives old collections this close to the old generation's capacity leaves no room: the end of a leak, or a heap too small. */
    static final double FULL = 0.95;
    static final int FULL_COLLECTIONS = 3;

    /**
     * The live set already fills the old generation: after each of the last {@value #FULL_COLLECTIONS} old-generation
     * collections it stayed above {@value #FULL} of the capacity. The JVM collects back to back and soon throws
     * OutOfMemoryError; whether it grew there for hours or was sized too small, a heap dump tells.
     */
    private RuleResult atTheLimit(TimelineFacts f, LiveSet live, Double max) {
        int n = live.floors().size();
        if (max == null || n < FULL_COLLECTIONS) return null;
        for (int i = n - FULL_COLLECTIONS; i < n; i++) if (live.floors().values().get(i) < FULL * max) return null;
        Bytes last = Bytes.of(Math.round(live.floors().last())), cap = Bytes.of(max.longValue());
        String pid = f.pid();
        return RuleResult.fired(new Finding(id(), Severity.critical,
                "What survives old-generation collections fills the heap: " + last.toIec() + " of " + cap.toIec() + " after each of the last "
                        + FULL_COLLECTIONS + " (" + live.collections() + " during the watch): the JVM collects back to back and will throw OutOfMemoryError",
                Evidence.builder().bytes("live_heap_now", last).bytes("old_generation_capacity", cap).ratio("live_share_of_capacity", live.floors().last() / max)
                        .value("old_generation_collections_during_watch", live.collections())
                        .value("ruled_out", "promoted garbage: these are old-generation collections, and what they leave is live").build(),
                List.of("Dump the live objects now, or at the error next time: jcmd " + pid + " GC.heap_dump /tmp/heap.hprof, -XX:+HeapDumpOnOutOfMemoryError",
                        "A leak grows into this: caches without eviction, result sets and streams never closed, listeners never removed",
                        "If this live set is intended, the heap is too small for it: raise -Xmx and the container limit together"),
                Confidence.medium));
    }

    /** Why the live set cannot be told yet, and how long to watch for it. */
    private static String tooFewCollections(TimelineFacts f, LiveSet live) {
        String why = live.collections() == 0
                ? "no old-generation collection during the watch: until one runs, the old generation's occupancy is promoted garbage as much as live data"
                : "the live set was read after only " + live.floors().size() + " old-generation collection(s) during the watch (" + live.collections()
                        + " pauses counted: a cycle's remark and cleanup, or pauses between the same two samples, read as one); after "
                        + LiveSet.MIN_FLOORS + " it tells whether it grows";
        Growth occupancy = Growth.of(live.occupancy(), MIB, null);
        var flags = f.last().get(Readings.FLAGS).orNull();
        Bytes maxHeap = flags == null ? null : flags.bytes("MaxHeapSize").orElse(null);
        double perSecond = occupancy.whole().slope().perSecond();
        if (maxHeap == null || perSecond <= 0) return why + "; watch longer";
        boolean g1 = f.last().gc().startsWith("G1");
        double share = g1 ? flags.number("InitiatingHeapOccupancyPercent").orElse(45) / 100.0 : 2 / 3.0;
        double due = share * maxHeap.value() - occupancy.whole().last();
        String when = due <= 0 ? "any time now" : "in about " + TrendEvidence.human(Duration.ofSeconds((long) (due / perSecond)));
        return why + "; the old generation grows " + TrendEvidence.rate(occupancy, true) + " and reaches " + Bytes.of((long) (share * maxHeap.value())).toIec()
                + (g1 ? " (InitiatingHeapOccupancyPercent of the max heap, where G1 starts a concurrent cycle)" : " (about the old generation's size)")
                + " " + when + ": watch until then and through " + LiveSet.MIN_FLOORS + " collections";
    }
}
