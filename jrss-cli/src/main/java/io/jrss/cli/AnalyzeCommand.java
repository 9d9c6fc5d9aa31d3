// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.paste.Inputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "analyze", header = "Diagnose outputs you already have: NMT, pmap, smaps, hs_err, JFR, pastes.", mixinStandardHelpOptions = true,
        description = {"Diagnose the outputs you already have, recognised by their content, alone or several together:",
                "NMT summary/detail/summary.diff (JDK 8-25, also as printed at exit), pmap -x/-X, /proc/<pid>/smaps, smaps_rollup,",
                "status, maps, malloc_info, VM.info, VM.metaspace, VM.flags, GC.heap_info, Compiler.codecache, System.map,",
                "hs_err_pid*.log, cgroup memory.stat and cpu.stat, VM.vitals, the kernel's OOM-killer report; a JFR recording",
                "(jdk.ResidentSetSize, jdk.NativeMemoryUsage, jdk.GCHeapSummary, ... as a timeline); a jrss capture or recording directory.",
                "Pastes are fine: prompts, timestamps, markdown, thousands separators are undone. Nothing is invented:",
                "what the inputs cannot support is listed as unavailable, with what to collect next.", ""},
        footer = {"", "Examples:", "  jrss analyze nmt.txt pmap.txt status.txt", "  jrss analyze hs_err_pid4242.log --json",
                "  pbpaste | jrss analyze -", "  jrss analyze recording.jfr          JFR's memory events as a timeline",
                "  jrss analyze incident-42/          a recording of jrss watch --record", "",
                "Exit codes: 0 ok, 1 an input could not be read or holds nothing jrss knows, 2 usage error."})
final class AnalyzeCommand implements Callable<Integer> {
    /** A text output larger than this is not a paste; an smaps of 10,000 mappings is about 3 MiB. */
    static final long MAX_TEXT = 32L << 20;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files with outputs, '-' for stdin, a JFR file, or one jrss capture or recording directory.")
    List<Path> paths;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (DESIGN.md §7, plus inputs and collect_next; 'timeline' for a recording or JFR).")
    boolean json;
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as one self-contained HTML file.")
    Path html;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        HtmlFile.check(html);
        Outcome o = Outcome.of(paths, err, Live.terminal() && !json);
        o.print(json, Live.terminal() && !noColor, "jrss analyze", out);
        if (html != null) HtmlFile.write(html, o.html("jrss analyze " + String.join(" ", paths.stream().map(Path::toString).toList())), err);
        return 0;
    }

    static boolean isJfr(Path p) throws IOException {
        if (!Files.isRegularFile(p)) return false;
        try (var in = Files.newInputStream(p)) { return io.jrss.core.parse.JfrRecording.isJfr(in.readNBytes(4)); }
    }

    static Inputs.Named read(Path p) throws IOException {
        if (p.toString().equals("-")) return new Inputs.Named("stdin", new String(System.in.readNBytes((int) MAX_TEXT), java.nio.charset.StandardCharsets.UTF_8));
        if (Files.isDirectory(p)) throw new Errors.UsageException(p + " is a directory: give it alone (a jrss capture or recording), or give files");
        if (!Files.isRegularFile(p)) throw new java.nio.file.NoSuchFileException(p + ": no such file");
        long size = Files.size(p);
        if (size > MAX_TEXT) {
            throw new IOException(p + " is " + io.jrss.core.model.Bytes.of(size).toIec() + "; jrss analyze reads outputs up to "
                    + io.jrss.core.model.Bytes.of(MAX_TEXT).toIec() + " (cut it to the part that matters, e.g. the smaps of the JVM only)");
        }
        return new Inputs.Named(p.toString(), new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.UTF_8));
    }
}
