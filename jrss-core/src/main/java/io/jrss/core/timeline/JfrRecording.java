// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.parse.ParseException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JFR recording (read with the JDK's own {@code jdk.jfr.consumer}) as samples of the signals jrss follows, one
 * per second: {@code jdk.ResidentSetSize} (RSS), {@code jdk.NativeMemoryUsage}/{@code ...Total} (NMT by category,
 * JDK 20+), {@code jdk.GCHeapSummary} (heap used and committed; after a GC it is the live heap),
 * {@code jdk.JavaThreadStatistics}, {@code jdk.ClassLoadingStatistics}, {@code jdk.ContainerMemoryUsage},
 * {@code jdk.ContainerCPUThrottling}, and the old-generation collections among {@code jdk.GarbageCollection}. The last NMT values also make an NMT summary for the ledger.
 */
public final class JfrRecording {
    /** "FLR\0": the first bytes of every JFR chunk. */
    public static boolean isJfr(byte[] head) { return head.length >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0; }

    public record Read(List<Sample> samples, NmtSummary lastNmt, Bytes containerLimit, long pid, int events) {}

    private final TreeMap<Long, Map<String, Double>> bySecond = new TreeMap<>();
    private final Map<String, Bytes[]> nmt = new LinkedHashMap<>(); // category -> {reserved, committed}
    private Bytes nmtReserved, nmtCommitted, limit;
    private final List<Long> oldCollections = new ArrayList<>();
    private long pid;
    private int events;

    private JfrRecording() {}

    public static Read read(Path file) throws IOException {
        byte[] head;
        try (var in = Files.newInputStream(file)) { head = in.readNBytes(4); }
        if (!isJfr(head)) throw new ParseException(0, file + " is not a JFR recording (no FLR magic)");
        JfrRecording r = new JfrRecording();
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) r.event(f.readEvent());
        } catch (IOException | RuntimeException e) {
            if (r.events == 0) throw new ParseException(0, file + ": cannot read the JFR recording: " + e.getMessage());
            // a recording cut short (the JVM died): keep the events read so far
        }
        r.countOldCollections();
        List<Sample> samples = new ArrayList<>();
        r.bySecond.forEach((sec, v) -> samples.add(new Sample(Instant.ofEpochSecond(sec), false, v, Map.of())));
        NmtSummary last = null;
        if (r.nmtCommitted != null) {
            List<NmtCategory> cats = new ArrayList<>();
            r.nmt.forEach((name, rc) -> cats.add(new NmtCategory(name, rc[0], rc[1], Bytes.ZERO, Bytes.ZERO, Bytes.ZERO, Bytes.ZERO,
                    Bytes.ZERO, Bytes.ZERO, Bytes.ZERO, -1, -1, null, null)));
            last = new NmtSummary("summary", r.nmtReserved, r.nmtCommitted, Bytes.ZERO, cats);
        }
        return new Read(samples, last, r.limit, r.pid, r.events);
    }

    private void event(RecordedEvent e) {
        events++;
        String type = e.getEventType().getName();
        Map<String, Double> s = bySecond.computeIfAbsent(e.getStartTime().getEpochSecond(), k -> new LinkedHashMap<>());
        switch (type) {
            case "jdk.ResidentSetSize" -> s.put(Signals.RSS.name(), (double) e.getLong("size"));
            case "jdk.NativeMemoryUsageTotal" -> {
                nmtReserved = Bytes.of(e.getLong("reserved"));
                nmtCommitted = Bytes.of(e.getLong("committed"));
                s.put(Signals.NMT_COMMITTED.name(), (double) e.getLong("committed"));
            }
            case "jdk.NativeMemoryUsage" -> nmtCategory(e, s);
            case "jdk.GCHeapSummary" -> {
                RecordedObject space = e.getValue("heapSpace");
                s.put(Signals.HEAP_USED.name(), (double) e.getLong("heapUsed"));
                if (space != null) s.put(Signals.HEAP_COMMITTED.name(), (double) space.getLong("committedSize"));
                if ("After GC".equals(e.getString("when"))) s.put(Signals.HEAP_OLD_USED.name(), (double) e.getLong("heapUsed")); // the live heap
            }
            case "jdk.JavaThreadStatistics" -> s.put(Signals.THREADS.name(), (double) e.getLong("activeCount"));
            case "jdk.ClassLoadingStatistics" -> s.put(Signals.LOADED_CLASSES.name(), (double) (e.getLong("loadedClassCount") - e.getLong("unloadedClassCount")));
            case "jdk.ContainerMemoryUsage" -> s.put(Signals.CGROUP_USAGE.name(), (double) e.getLong("memoryUsage"));
            case "jdk.ContainerConfiguration" -> { long l = e.getLong("memoryLimit"); if (l > 0) limit = Bytes.of(l); }
            case "jdk.ContainerCPUThrottling" -> {
                s.put(Signals.CPU_PERIODS.name(), (double) e.getLong("cpuElapsedSlices"));
                s.put(Signals.CPU_THROTTLED.name(), (double) e.getLong("cpuThrottledSlices"));
            }
            case "jdk.JVMInformation" -> pid = e.getLong("pid");
            case "jdk.GarbageCollection" -> { if (reclaimsOld(e.getString("name"))) oldCollections.add(e.getStartTime().getEpochSecond()); }
            default -> { }
        }
    }

    /** G1Old (a concurrent cycle), G1Full, ParallelOld, SerialOld, Z and ZGC Major cycles, Shenandoah: they collect the old generation. */
    static boolean reclaimsOld(String gcName) {
        return gcName != null && (gcName.contains("Old") || gcName.contains("Full") || gcName.equals("Z") || gcName.contains("Major")
                || gcName.startsWith("Shenandoah"));
    }

    /** Each sample that has the heap after a GC also gets the old-generation collections so far, as hsperfdata counts them. */
    private void countOldCollections() {
        if (oldCollections.isEmpty()) return;
        java.util.Collections.sort(oldCollections);
        int done = 0;
        for (var e : bySecond.entrySet()) {
            while (done < oldCollections.size() && oldCollections.get(done) <= e.getKey()) done++;
            if (e.getValue().containsKey(Signals.HEAP_OLD_USED.name())) e.getValue().put(Signals.OLD_COLLECTIONS.name(), (double) done);
        }
    }

    private void nmtCategory(RecordedEvent e, Map<String, Double> s) {
        String name = e.getString("type");
        long reserved = e.getLong("reserved"), committed = e.getLong("committed");
        nmt.put(name, new Bytes[] {Bytes.of(reserved), Bytes.of(committed)});
        switch (name) {
            case NmtCategories.OTHER -> s.put(Signals.DIRECT_MEMORY.name(), (double) committed);
            case NmtCategories.METASPACE, NmtCategories.CLASS -> s.merge(Signals.METASPACE_COMMITTED.name(), (double) committed, Double::sum);
            case NmtCategories.THREAD_STACK -> s.put(Signals.THREAD_STACKS.name(), (double) committed);
            case NmtCategories.COMPILER, NmtCategories.ARENA_CHUNK -> s.merge(Signals.COMPILER_MEMORY.name(), (double) committed, Double::sum);
            default -> { }
        }
    }
}
