// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.Recording;
import io.jrss.core.parse.SnapshotParser;
import io.jrss.report.JsonReport;
import io.jrss.report.TextReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Diagnose saved data: a capture of 'jrss capture' or a recording of 'jrss watch --record'.",
                "A recording gives the same ledger, trends and findings as the watch that made it.", ""},
        footer = {"", "Examples:", "  jrss analyze incident-42/          a recording: the verdict over time",
                "  jrss analyze bug-1234/ --json      a capture: the same answer as jrss explain", "",
                "Exit codes: 0 ok, 1 the data could not be read, 2 usage error."})
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A jrss capture or recording directory.")
    Path path;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (DESIGN.md §7; with 'timeline' for a recording).")
    boolean json;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        boolean color = Live.terminal() && !noColor;
        if (Files.isDirectory(path) && Recording.isRecording(path)) {
            RecordingReport.render(path, json, color, Live.terminal() && !json, out, err);
            return 0;
        }
        if (Files.isRegularFile(path)) {
            throw new java.io.IOException(path + ": a single file; jrss analyze reads jrss captures and recordings"
                    + " (raw jcmd, /proc and hs_err outputs are not recognised yet)");
        }
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(path)));
        if (json) JsonReport.write(d, out);
        else new TextReport(color).render(d, out);
        return 0;
    }
}
