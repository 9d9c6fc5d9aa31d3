// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import io.jrss.core.trend.Series;
import io.jrss.core.timeline.Trends;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The limit and flags a JVM needs, from what a watch saw (docs/size.md). Each ledger row of the full sample with the
 * highest footprint is budgeted at what it measured; the heap instead from the live set and the collector's headroom
 * ({@link HeapBudget}), and the collector's structures scaled to that heap ({@link NonHeap}); the cgroup's usage beyond
 * the RSS (page cache, other processes) as it measured; and one headroom, named, for what a watch of that length has
 * not seen, taken from the parts the kernel cannot reclaim (clean file pages are their own cushion). A part that still
 * grows is no basis for a limit: a leak finding refuses the recommendation and is named instead. Pure.
 */
public final class Sizer {
    /** Findings of a part that grows without bound: a limit sized on them only postpones the kill. */
    static final Set<String> LEAKS = Set.of("heap-leak", "direct-buffer-leak", "native-leak", "metaspace-leak", "thread-leak");
    /** The heap a collector needs beside the live set: three times it (the old generation's 1.5 to 2, plus the young). */
    static final double HEAP_PER_LIVE = 3, LEAST_HEAP_PER_LIVE = 1.5;
    static final long ROUND = 8L << 20;
    /** The rows whose resident pages may be a file's clean pages. */
    static final Set<String> FILE_ROWS = Set.of("jvm-binaries", "mapped-files");

    private Sizer() {}

    public static Sizing of(TimelineDiagnosis d) { return of(d, false); }

    /**
     * @param wholeRun jrss ran the program itself from its start, to its exit or --duration (size --prove's own run), and
     *                 the proof replays that same command: what it did not
     *                 see is only what varies from one run to the next, so the headroom is 10%
     */
    public static Sizing of(TimelineDiagnosis d, boolean wholeRun) {
        Timeline t = d.timeline();
        boolean ownCgroup = t.limit(Signals.CGROUP_USAGE) != null;
        Sample peakSample = peakSample(t, ownCgroup);
        Bytes peakUsage = Bytes.of(footprint(peakSample, ownCgroup));
        for (Finding f : d.findings()) {
            if (LEAKS.contains(f.id()) && f.severity() != Severity.info) {
                return Sizing.refused(peakUsage, t.span(), new Sizing.Refused(f.id(), f.title() + ". A limit sized on a part that still grows only"
                        + " postpones the kill: fix what " + f.id() + " names first (docs/findings/" + f.id() + ".md), then size again."));
            }
        }
        Snapshot s = d.peak().snapshot();
        Ledger ledger = d.peak().ledger();
        JvmFlags flags = s.get(Readings.FLAGS).orNull();
        List<SizeRow> rows = new ArrayList<>();
        List<String> options = new ArrayList<>(), notes = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();

        HeapBudget heap = HeapBudget.of(t, ledger, flags, s.gc());
        rows.add(heap.row());
        long heapMiB = heap.budget().value() / (1 << 20);
        options.addAll(List.of("-Xmx" + heapMiB + "m", "-Xms" + heapMiB + "m", "-XX:+AlwaysPreTouch"));
        notes.add("-Xms equal to -Xmx and -XX:+AlwaysPreTouch make the heap resident from the start: a limit too small fails at start-up"
                + " (and in --prove), not at the first peak of traffic; with requests equal to limits the node holds that memory for the pod anyway."
                + " It costs start-up time, about 0.3 s a GiB (docs/size.md)");
        NonHeap.add(t, ledger, flags, s, heap, rows, options, env, notes);
        long rss = peakSample.signal(Signals.RSS.name()) == null ? ledger.rss().value() : Math.round(peakSample.signal(Signals.RSS.name()));
        Double usage = ownCgroup ? peakSample.signal(Signals.CGROUP_USAGE.name()) : null;
        if (!ownCgroup) notes.add("the JVM's cgroup has no memory limit, so its usage is likely other processes' too: page cache is not counted;"
                + " size a recording made in the JVM's own container to count it");
        if (usage != null && usage > rss) {
            rows.add(SizeRow.measured("page-cache", Bytes.of(Math.round(usage) - rss), "the cgroup's usage above the JVM's RSS at its peak ("
                    + Bytes.of(Math.round(usage)).toIec() + " against " + Bytes.of(rss).toIec() + "): page cache and any other process in the container"));
        }
        Bytes sum = rows.stream().map(SizeRow::bytes).reduce(Bytes.ZERO, Bytes::plus);
        Duration span = t.span();
        double share = wholeRun || span.compareTo(Duration.ofHours(24)) >= 0 ? 0.10 : span.compareTo(Duration.ofHours(1)) >= 0 ? 0.15 : 0.20;
        Bytes reclaimable = reclaimable(s, rows);
        Bytes limit = roundUp(sum.plus(sum.minus(reclaimable).times(share)));
        rows.add(new SizeRow("unseen", limit.minus(sum), Bytes.ZERO, "what the input did not see", limit.minus(sum),
                Math.round(share * 100) + "% of the parts" + (reclaimable.isPositive() ? " but " + reclaimable.toIec() + " of clean file pages (the"
                        + " JVM's binaries, mapped files: the kernel drops them first at the limit, and reads them again)" : "")
                        + ", rounded up to 8 MiB: " + (wholeRun ? "jrss ran the program itself from its start, and the proof replays the same command;"
                        + " this is for what varies from one run to the next (its input, timing, the JIT)" : unseen(span))));
        long classes = peakLong(t, Signals.LOADED_CLASSES.name()), threads = peakLong(t, Signals.THREADS.name());
        Bytes stack = flags == null ? Bytes.ofMiB(1) : flags.number("ThreadStackSize").stream().mapToObj(k -> Bytes.ofKiB(k)).findFirst().orElse(Bytes.ofMiB(1));
        Bytes measuredNonHeap = rows.stream().filter(r -> !r.id().equals("java-heap") && !r.id().equals("unseen") && !r.id().equals("page-cache"))
                .map(SizeRow::measured).reduce(Bytes.ZERO, Bytes::plus);
        Bytes bpNonHeap = Bytes.ofMiB(10).plus(Bytes.of(5800L * classes)).plus(Bytes.ofMiB(14)).plus(Bytes.ofMiB(240)).plus(Bytes.of(250 * stack.value()));
        Sizing.Buildpack bp = new Sizing.Buildpack(bpNonHeap, heap.budget().plus(bpNonHeap), measuredNonHeap, classes, 250, stack, threads);
        double percentage = Math.floor(1000.0 * heap.budget().value() / limit.value()) / 10;
        return new Sizing(limit, options, env, rows, confidence(t, heap), peakUsage, span, notes, bp, percentage, null);
    }

    static String unseen(Duration span) {
        if (span.isZero()) return "one capture is one moment: no peak of traffic, batch or deploy was seen";
        return "a watch of " + human(span) + (span.compareTo(Duration.ofHours(24)) >= 0 ? " has seen a day, not a month-end or a release's warm-up"
                : " has not seen a day's peak traffic, a nightly batch or a deploy's warm-up");
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s >= 86400 ? s / 86400 + " d" : s >= 3600 ? s / 3600 + " h" : s >= 60 ? s / 60 + " min" : s + " s";
    }

    static Confidence confidence(Timeline t, HeapBudget heap) {
        if (t.fullSamples() < 2) return Confidence.low;
        if (heap.liveKnown() && t.span().compareTo(Duration.ofHours(1)) >= 0) return Confidence.high;
        return heap.liveKnown() || t.span().compareTo(Duration.ofMinutes(10)) >= 0 ? Confidence.medium : Confidence.low;
    }

    /** The full sample whose footprint was highest: what a limit meets. */
    static Sample peakSample(Timeline t, boolean ownCgroup) {
        Sample best = null;
        for (Sample s : t.samples()) if (s.full() && (best == null || footprint(s, ownCgroup) > footprint(best, ownCgroup))) best = s;
        return best != null ? best : t.samples().get(t.samples().size() - 1);
    }

    /** The larger of the cgroup's usage and the RSS where the cgroup is the JVM's own (it has a limit), else the RSS. */
    static long footprint(Sample s, boolean ownCgroup) {
        Double u = ownCgroup ? s.signal(Signals.CGROUP_USAGE.name()) : null, r = s.signal(Signals.RSS.name());
        return Math.round(Math.max(u == null ? 0 : u, r == null ? 0 : r));
    }

    static long peakLong(Timeline t, String signal) {
        Series s = t.series(signal);
        return s.size() == 0 ? 0 : Math.round(s.values().stream().mapToDouble(Double::doubleValue).max().orElse(0));
    }

    static Bytes peakBytes(Timeline t, String signal) { return Bytes.of(peakLong(t, signal)); }

    static Bytes roundUp(Bytes b) { return Bytes.of((b.value() + ROUND - 1) / ROUND * ROUND); }

    /**
     * The clean file pages at the peak (Private_Clean and Shared_Clean of file mappings), at most what the file rows
     * budget: the kernel reclaims them before it kills at the limit, so they are their own headroom. Zero without smaps.
     */
    static Bytes reclaimable(Snapshot s, List<SizeRow> rows) {
        List<io.jrss.core.model.Mapping> maps = s.get(Readings.SMAPS).orNull();
        if (maps == null) return Bytes.ZERO;
        Bytes clean = maps.stream().map(io.jrss.core.model.Mapping::reclaimable).reduce(Bytes.ZERO, Bytes::plus);
        Bytes files = rows.stream().filter(r -> FILE_ROWS.contains(r.id())).map(SizeRow::bytes).reduce(Bytes.ZERO, Bytes::plus);
        return clean.min(files);
    }
}
