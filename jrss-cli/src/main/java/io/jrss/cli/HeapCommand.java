// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.heap.BufferCensus;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.result.HeapResult;
import io.jrss.probe.attach.HotSpotAttach;
import io.jrss.probe.heap.HprofCensus;
import io.jrss.probe.jvm.Targets;
import io.jrss.probe.proc.ProcPid;
import io.jrss.probe.profile.TargetTmp;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "heap", header = "A census of direct and mapped buffers from a heap dump (PAUSES THE TARGET to take one).", mixinStandardHelpOptions = true,
        description = {"Count every java.nio.DirectByteBuffer of a heap dump by what owns its memory: the JDK (allocateDirect, freed by a",
                "cleaner), nobody the JDK knows (JNI NewDirectByteBuffer, JDK 24+ temporary buffers), a parent (slices and duplicates,",
                "never counted twice), a MemorySegment, or a mapped file. Which of them only wait for their cleaner, the per-thread",
                "temporary buffer caches of sun.nio.ch.Util by thread name, and who holds the rest. Checked against java.nio.Bits (the",
                "BufferPoolMXBean) and, live, NMT Other and the ledger's direct-buffers row.",
                "Given a pid, jrss takes the dump with GC.heap_dump -all (no full GC first: buffers waiting for their cleaner stay in),",
                "into the target's own /tmp, reads it, and deletes it unless --dump names where to keep it. The target is paused",
                "while it dumps; the output says for how long.", ""},
        footer = {"", "Examples:", "  jrss heap 4242", "  jrss heap MyService --dump incident-42.hprof --json", "  jrss heap heap.hprof          a dump you already have", "",
                "Exit codes: 0 ok, 1 the target, the dump or the file failed, 2 usage error."})
final class HeapCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "<target|file.hprof>", description = "A pid or main-class substring, or an HPROF file.")
    String target;
    @Option(names = "--dump", paramLabel = "FILE", description = "Keep the dump taken from a live target as FILE (must not exist).")
    Path keep;
    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Timeout for attaching and for the readings (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Option(names = "--dump-timeout", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "How long the heap dump may take (default: ${DEFAULT-VALUE}).")
    Duration dumpTimeout;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (docs/json.md, heap).")
    boolean json;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Path file = Path.of(target);
        HeapResult r;
        if (Files.isRegularFile(file)) {
            if (keep != null) throw new Errors.UsageException("--dump keeps a dump taken from a live target; " + target + " is a file already");
            r = new HeapResult(target, HprofCensus.read(file.toFile(), null), null, null, Bytes.of(Files.size(file)), null);
        } else {
            r = live(err);
        }
        Output.print(r, json, Live.terminal() && !noColor, "jrss heap " + target, spec.commandLine().getOut());
        return 0;
    }

    /** The file mapped at {@code address} in the snapshot's smaps, or null. */
    static String fileAt(List<Mapping> maps, long address) {
        for (Mapping m : maps) if (m.isFile() && address >= m.start() && address < m.end()) return m.pathname();
        return null;
    }

    private HeapResult live(PrintWriter err) throws Exception {
        if (keep != null && Files.exists(keep, LinkOption.NOFOLLOW_LINKS)) throw new Errors.UsageException(keep + " exists; jrss does not overwrite it");
        int pid = Targets.resolve(target);
        HotSpotAttach attach = HotSpotAttach.to(pid, dumpTimeout);
        Diagnosis before = Live.diagnosis(pid, timeout, err);
        TargetTmp dir = TargetTmp.of(ProcPid.of(pid), ".jrss-heap-" + UUID.randomUUID(), "rwx------");
        try {
            String inTarget = dir.inTarget() + "/heap.hprof";
            err.println("jrss heap: PAUSES THE TARGET: jcmd " + pid + " GC.heap_dump -all " + inTarget);
            err.flush();
            long t0 = System.nanoTime();
            attach.jcmd("GC.heap_dump -all " + inTarget);
            double pause = (System.nanoTime() - t0) / 1e9;
            Path dump = dir.file("heap.hprof");
            if (!Files.isRegularFile(dump, LinkOption.NOFOLLOW_LINKS)) throw new java.io.IOException("pid " + pid + " wrote no heap dump at " + inTarget);
            List<Mapping> maps = before.snapshot().smaps().value().orElse(List.of());
            BufferCensus census = HprofCensus.read(dump.toFile(), maps.isEmpty() ? null : address -> fileAt(maps, address));
            Bytes size = Bytes.of(Files.size(dump));
            if (keep != null) Files.copy(dump, keep, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS); // a link the target swapped in stays a link
            return new HeapResult(Integer.toString(pid), census, before, pause, size, keep == null ? null : keep.toString());
        } finally {
            dir.delete();
        }
    }
}
