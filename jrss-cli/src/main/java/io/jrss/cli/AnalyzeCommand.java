// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import io.jrss.core.source.Sources;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

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
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files with outputs, '-' for stdin, a JFR file, or one jrss capture or recording directory.")
    List<Path> paths;
    @Mixin ReportFlags report;

    @Override
    public Integer call() throws Exception {
        report.check();
        Result r = Sources.result(Sources.of(paths, System.in), report.progress());
        return report.show(r, "jrss analyze " + String.join(" ", paths.stream().map(Path::toString).toList()));
    }
}
