// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.heap.BufferHolderText;
import io.jrss.core.model.Bytes;
import io.jrss.probe.attach.AttachException;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.heap.HprofCensus;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.TargetTmp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Direct-buffer-leak's culprit reading in a watch (--culprits=heap): when the finding has fired, one heap dump at the end
 * of the watch ({@code GC.heap_dump -all} into the target's own /tmp, as {@code jrss heap} takes it), read with shark
 * into the census of its direct buffers and deleted; the holders go into the last capture
 * ({@code heap/direct-buffer-holders.txt}). PAUSES THE TARGET for as long as the dump takes. Once per watch.
 */
public final class CulpritHeap implements CulpritTaker {
    /** How long GC.heap_dump may take, as jrss heap's --dump-timeout. */
    static final Duration DUMP_TIMEOUT = Duration.ofMinutes(10);

    private final int pid;
    private boolean wanted, taken;

    public CulpritHeap(int pid) { this.pid = pid; }

    @Override public String optIn() { return "heap"; }

    @Override public String file() { return CaptureFiles.BUFFER_HOLDERS; }

    @Override public String start(List<String> fired, Instant now) {
        if (wanted || taken || fired.isEmpty()) return null;
        wanted = true;
        return String.join(", ", fired) + " fired: a heap dump at the end of the watch will name who holds the direct buffers"
                + " (PAUSES THE TARGET, as --culprits=heap allowed: GC.heap_dump -all, deleted once read)";
    }

    @Override public Instant readyAt() { return null; }

    @Override public Taken take(Instant now) {
        if (!wanted || taken) return null;
        taken = true; // once per watch
        try {
            TargetTmp dir = TargetTmp.of(ProcPid.of(pid), ".jrss-heap-" + UUID.randomUUID(), "rwx------");
            try {
                String inTarget = dir.inTarget() + "/heap.hprof";
                long t0 = System.nanoTime();
                HotSpotAttach.to(pid, DUMP_TIMEOUT).jcmd("GC.heap_dump -all " + inTarget);
                double pause = (System.nanoTime() - t0) / 1e9;
                Path dump = dir.file("heap.hprof");
                if (!Files.isRegularFile(dump, LinkOption.NOFOLLOW_LINKS)) return new Taken(null, "pid " + pid + " wrote no heap dump at " + inTarget);
                Bytes size = Bytes.of(Files.size(dump));
                BufferCensus census = HprofCensus.read(dump.toFile(), null);
                return new Taken(BufferHolderText.of(census, pause), "GC.heap_dump -all paused the target " + String.format(Locale.ROOT, "%.2f", pause)
                        + " s (" + size.toIec() + ", deleted once read); the holders of its direct buffers are kept");
            } finally {
                dir.delete();
            }
        } catch (IOException | AttachException | RuntimeException e) {
            return new Taken(null, "no heap dump, no buffer holders: " + e.getMessage());
        }
    }

    @Override public String release() { return null; }
}
