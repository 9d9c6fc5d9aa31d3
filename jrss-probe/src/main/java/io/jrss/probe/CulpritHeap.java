// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.heap.BufferCacheText;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.heap.BufferHolderText;
import io.jrss.core.heap.ClassHolderText;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.model.Bytes;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.heap.HprofCensus;
import io.jrss.probe.heap.HprofClasses;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.TargetTmp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Locale;
import java.util.UUID;
import shark.CloseableHeapGraph;

/**
 * The culprit reading of direct-buffer-leak and of the heap's findings in a watch (--culprits=heap): when one has
 * fired, one heap dump at the end of the watch ({@code GC.heap_dump -all} into the target's own /tmp, as {@code jrss heap}
 * takes it), read with shark and deleted; what holds the direct buffers ({@code heap/direct-buffer-holders.txt}) and the
 * largest classes with their holders ({@code heap/class-holders.txt}) go into the last capture, each when a finding
 * that it names fired. PAUSES THE TARGET for as long as the dump takes. Once per watch.
 */
public final class CulpritHeap implements CulpritTaker {
    /** How long GC.heap_dump may take, as jrss heap's --dump-timeout. */
    static final Duration DUMP_TIMEOUT = Duration.ofMinutes(10);

    private final int pid;
    private final Set<String> fired = new LinkedHashSet<>(), files = new LinkedHashSet<>();
    private boolean taken;

    public CulpritHeap(int pid) { this.pid = pid; }

    @Override public String optIn() { return "heap"; }

    @Override public String start(List<CulpritAsk> asks, Instant now) {
        List<String> fresh = asks.stream().map(CulpritAsk::finding).filter(f -> !fired.contains(f)).distinct().toList();
        if (taken || fresh.isEmpty()) return null;
        boolean first = fired.isEmpty();
        fired.addAll(fresh);
        asks.forEach(a -> files.add(a.file()));
        List<String> what = new java.util.ArrayList<>();
        if (files.contains(CaptureFiles.CLASS_HOLDERS)) what.add("what holds the largest classes");
        if (files.contains(CaptureFiles.BUFFER_HOLDERS)) what.add("who holds the direct buffers");
        if (files.contains(CaptureFiles.BUFFER_CACHES)) what.add("which threads cache temporary direct buffers");
        return String.join(", ", fresh) + " fired: " + (first ? "a" : "the") + " heap dump at the end of the watch will name " + String.join(" and ", what)
                + (first ? " (PAUSES THE TARGET, as --culprits=heap allowed: GC.heap_dump -all, deleted once read)" : "");
    }

    @Override public Instant readyAt() { return null; }

    @Override public Taken take(Instant now) {
        if (fired.isEmpty() || taken) return null;
        taken = true; // once per watch
        try {
            TargetTmp dir = TargetTmp.of(ProcPid.of(pid), ".jrss-heap-" + UUID.randomUUID(), "rwx------");
            try {
                String inTarget = dir.inTarget() + "/heap.hprof";
                long t0 = System.nanoTime();
                HotSpotAttach.to(pid, DUMP_TIMEOUT).jcmd("GC.heap_dump -all " + inTarget);
                double pause = (System.nanoTime() - t0) / 1e9;
                Path dump = dir.file("heap.hprof");
                if (!Files.isRegularFile(dump, LinkOption.NOFOLLOW_LINKS)) return new Taken(Map.of(), "pid " + pid + " wrote no heap dump at " + inTarget);
                Bytes size = Bytes.of(Files.size(dump));
                Map<String, String> texts = read(dump, pause);
                return new Taken(texts, "GC.heap_dump -all paused the target " + String.format(Locale.ROOT, "%.2f", pause)
                        + " s (" + size.toIec() + ", deleted once read); kept: " + String.join(", ", texts.keySet()));
            } finally {
                dir.delete();
            }
        } catch (IOException | AttachException | RuntimeException e) {
            return new Taken(Map.of(), "no heap dump, no holders: " + e.getMessage());
        }
    }

    /** What the findings that fired ask of the dump: the census of its direct buffers, its largest classes' holders. */
    private Map<String, String> read(Path dump, double pause) throws IOException {
        Map<String, String> texts = new LinkedHashMap<>();
        try (CloseableHeapGraph graph = HprofCensus.open(dump.toFile())) {
            if (files.contains(CaptureFiles.BUFFER_HOLDERS) || files.contains(CaptureFiles.BUFFER_CACHES)) {
                BufferCensus census = HprofCensus.census(graph, null);
                if (files.contains(CaptureFiles.BUFFER_HOLDERS)) texts.put(CaptureFiles.BUFFER_HOLDERS, BufferHolderText.of(census, pause));
                if (files.contains(CaptureFiles.BUFFER_CACHES)) texts.put(CaptureFiles.BUFFER_CACHES, BufferCacheText.of(census, pause));
            }
            if (files.contains(CaptureFiles.CLASS_HOLDERS)) texts.put(CaptureFiles.CLASS_HOLDERS, ClassHolderText.of(HprofClasses.of(graph, pause)));
        }
        return texts;
    }

    @Override public String release() { return null; }
}
