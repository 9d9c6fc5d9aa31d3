// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.result.HeapResult;
import io.jrss.core.snapshot.Readings;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.heap.HprofCensus;
import io.jrss.probe.jvm.Targets;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.TargetTmp;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** heap: the buffer census of an HPROF file, or of a dump taken from a live target into its own /tmp (which pauses it). */
public final class HeapDump {
    /**
     * @param target a pid or main-class substring, or an HPROF file
     * @param keep   where to keep a dump taken live (must not exist), or null
     */
    public record Options(String target, Path keep, Duration timeout, Duration dumpTimeout) {}

    /** Told just before the target is paused. */
    public interface Listener { void pausing(int pid, String dumpInTarget); }

    public static HeapResult run(Options o, Listener listener) throws Exception {
        Path file = Path.of(o.target());
        if (Files.isRegularFile(file)) return new HeapResult(o.target(), HprofCensus.read(file.toFile(), null), null, null, Bytes.of(Files.size(file)), null);
        return live(o, listener);
    }

    /** The file mapped at {@code address} in the snapshot's smaps, or null. */
    static String fileAt(List<Mapping> maps, long address) {
        for (Mapping m : maps) if (m.isFile() && address >= m.start() && address < m.end()) return m.pathname();
        return null;
    }

    private static HeapResult live(Options o, Listener listener) throws Exception {
        int pid = Targets.resolve(o.target());
        HotSpotAttach attach = HotSpotAttach.to(pid, o.dumpTimeout());
        Diagnosis before = Capturing.diagnosis(pid, o.timeout());
        TargetTmp dir = TargetTmp.of(ProcPid.of(pid), ".jrss-heap-" + UUID.randomUUID(), "rwx------");
        try {
            String inTarget = dir.inTarget() + "/heap.hprof";
            listener.pausing(pid, inTarget);
            long t0 = System.nanoTime();
            attach.jcmd("GC.heap_dump -all " + inTarget);
            double pause = (System.nanoTime() - t0) / 1e9;
            Path dump = dir.file("heap.hprof");
            if (!Files.isRegularFile(dump, LinkOption.NOFOLLOW_LINKS)) throw new java.io.IOException("pid " + pid + " wrote no heap dump at " + inTarget);
            List<Mapping> maps = before.snapshot().get(Readings.SMAPS).value().orElse(List.of());
            BufferCensus census = HprofCensus.read(dump.toFile(), maps.isEmpty() ? null : address -> fileAt(maps, address));
            Bytes size = Bytes.of(Files.size(dump));
            Path keep = o.keep();
            if (keep != null) Files.copy(dump, keep, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS); // a link the target swapped in stays a link
            return new HeapResult(Integer.toString(pid), census, before, pause, size, keep == null ? null : keep.toString());
        } finally {
            dir.delete();
        }
    }

    private HeapDump() {}
}
