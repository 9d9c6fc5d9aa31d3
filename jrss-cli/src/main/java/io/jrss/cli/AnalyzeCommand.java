// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.CollectNext;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analyze.Inputs;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.Recording;
import io.jrss.core.parse.SnapshotParser;
import io.jrss.report.AnalysisReport;
import io.jrss.report.JsonReport;
import io.jrss.report.TextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Diagnose the outputs you already have, recognised by their content, alone or several together:",
                "NMT summary/detail/summary.diff (JDK 8-25, also as printed at exit), pmap -x/-X, /proc/<pid>/smaps, smaps_rollup,",
                "status, maps, malloc_info, VM.info, VM.metaspace, VM.flags, GC.heap_info, Compiler.codecache, System.map,",
                "hs_err_pid*.log, cgroup memory.stat and cpu.stat, VM.vitals, the kernel's OOM-killer report; a JFR recording",
                "(jdk.ResidentSetSize, jdk.NativeMemoryUsage, jdk.GCHeapSummary, ... as a timeline); a jrss capture or recording directory.",
                "Pastes are fine: prompts, timestamps, markdown, thousands separators are undone. Nothing is invented:",
                "what the inputs cannot support is listed as unavailable, with what to collect next.", ""},
        footer = {"", "Examples:", "  jrss analyze nmt.txt pmap.txt status.txt", "  jrss analyze hs_err_pid4242.log --json",
                "  pbpaste | jrss analyze -", "  jrss analyze recording.jfr          JFR's memory events as a timeline", "  jrss analyze incident-42/          a recording of jrss watch --record", "",
                "Exit codes: 0 ok, 1 an input could not be read or holds nothing jrss knows, 2 usage error."})
final class AnalyzeCommand implements Callable<Integer> {
    /** A text output larger than this is not a paste; an smaps of 10,000 mappings is about 3 MiB. */
    static final long MAX_TEXT = 32L << 20;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files with outputs, '-' for stdin, or one jrss capture or recording directory.")
    List<Path> paths;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (DESIGN.md §7, plus inputs and collect_next; 'timeline' for a recording).")
    boolean json;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        boolean color = Live.terminal() && !noColor;
        if (paths.size() == 1 && Files.isDirectory(paths.get(0))) return directory(paths.get(0), color, out, err);
        for (Path p : paths) {
            if (isJfr(p)) {
                if (paths.size() > 1) throw new Errors.UsageException(p + " is a JFR recording: give it alone (it is a timeline of its own)");
                var td = io.jrss.core.analysis.JfrAnalysis.of(p);
                var end = new io.jrss.core.timeline.WatchEnd("jfr", "a JFR recording, " + p + " (" + td.timeline().samples().size() + " one-second samples)");
                if (json) JsonReport.write(JsonReport.toJson(td, end, List.of()), out);
                else new io.jrss.report.TimelineTextReport(color).render(td, end, List.of(), "jrss analyze", out);
                return 0;
            }
        }
        List<Inputs.Named> inputs = new ArrayList<>();
        for (Path p : paths) inputs.add(read(p));
        Inputs.Assembled a = Inputs.assemble(inputs);
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(a.capture()));
        List<String> next = CollectNext.of(d);
        if (json) JsonReport.write(AnalysisReport.json(d, a.found(), a.notes(), next), out);
        else AnalysisReport.text(d, a.found(), a.notes(), next, color, out);
        return 0;
    }

    private int directory(Path dir, boolean color, PrintWriter out, PrintWriter err) throws IOException {
        if (Recording.isRecording(dir)) {
            RecordingReport.render(dir, json, color, Live.terminal() && !json, out, err);
            return 0;
        }
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(dir)));
        if (json) JsonReport.write(d, out);
        else new TextReport(color).render(d, out);
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
        byte[] bytes = Files.readAllBytes(p);
        return new Inputs.Named(p.toString(), new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
    }
}
