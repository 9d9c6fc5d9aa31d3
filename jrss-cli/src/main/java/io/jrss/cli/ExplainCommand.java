// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.Recording;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.report.JsonReport;
import io.jrss.report.TextReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "explain", header = "Split a JVM's RSS into a ledger of named rows, with the findings of one snapshot.", mixinStandardHelpOptions = true,
        description = {"Split a JVM's resident memory (RSS) into a ledger of named rows that sum exactly to the RSS,",
                "and report what one snapshot shows: fragmentation, arenas, limits, throttling, swap, THP.",
                "Reads only; it changes nothing in the target.", ""},
        footer = {"", "Examples:", "  jrss explain 4242", "  jrss explain MyService --json", "  jrss explain --capture bug-1234/",
                "", "Exit codes: 0 ok, 1 the target or its data failed, 2 usage error."})
final class ExplainCommand implements Callable<Integer> {
    @Mixin TargetOptions target;
    @Option(names = "--json", description = "Print exactly one JSON object on stdout (DESIGN.md §7); messages go to stderr.")
    boolean json;
    @Option(names = "--html", paramLabel = "FILE", description = "Also write the report as one self-contained HTML file.")
    java.nio.file.Path html;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        HtmlFile.check(html);
        if (target.capture != null && target.target == null && Recording.isRecording(target.capture)) {
            Outcome o = Outcome.of(java.util.List.of(target.capture), spec.commandLine().getErr(), Live.terminal() && !json);
            o.print(json, Live.terminal() && !noColor, "jrss explain", out);
            if (html != null) HtmlFile.write(html, o.html("jrss explain --capture " + target.capture), spec.commandLine().getErr());
            return 0;
        }
        Capture capture = target.capture(spec.commandLine().getErr(), Live.terminal() && !json);
        Diagnosis diagnosis = Diagnosis.of(SnapshotParser.parse(capture));
        if (json) JsonReport.write(diagnosis, out);
        else new TextReport(Live.terminal() && !noColor).render(diagnosis, out);
        if (html != null) {
            HtmlFile.write(html, io.jrss.report.HtmlReport.of(diagnosis, capture.texts(), "jrss explain " + diagnosis.snapshot().pid()), spec.commandLine().getErr());
        }
        return 0;
    }
}
