// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.HeapResult;
import io.jrss.session.HeapDump;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
    @Mixin TimeoutFlag timeout;
    @Option(names = "--dump-timeout", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "How long the heap dump may take (default: ${DEFAULT-VALUE}).")
    Duration dumpTimeout;
    @Mixin OutputFlags output;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        boolean file = Files.isRegularFile(Path.of(target));
        if (file && keep != null) throw new Errors.UsageException("--dump keeps a dump taken from a live target; " + target + " is a file already");
        if (!file && keep != null && Files.exists(keep, LinkOption.NOFOLLOW_LINKS)) throw new Errors.UsageException(keep + " exists; jrss does not overwrite it");
        HeapResult r = HeapDump.run(new HeapDump.Options(target, keep, timeout.value, dumpTimeout), (pid, inTarget) -> {
            err.println("jrss heap: PAUSES THE TARGET: jcmd " + pid + " GC.heap_dump -all " + inTarget);
            err.flush();
        });
        output.print(r, "jrss heap " + target, spec.commandLine().getOut());
        return 0;
    }
}
