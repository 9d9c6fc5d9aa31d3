// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import io.jrss.core.source.Sources;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", header = "Write one self-contained HTML report of any result.", mixinStandardHelpOptions = true,
        description = {"Write one self-contained HTML file for any result: a capture, a recording of jrss watch, a JFR file,",
                "or outputs jrss analyze reads. The verdict first, the ledger as a bar, the timeline as stacked areas with",
                "the RSS and the limit, the trends, what was unavailable, the raw readings. Opens offline, prints well,",
                "follows dark mode. explain, watch, run and analyze write the same file with --html FILE.", ""},
        footer = {"", "Examples:", "  jrss report incident-42/ -o incident-42.html", "  jrss report nmt.txt pmap.txt -o ticket.html", "",
                "Exit codes: 0 ok, 1 the input could not be read or the file not written, 2 usage error."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "A capture or recording directory, a JFR file, or files with outputs.")
    List<Path> paths;
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "The HTML file to write (must not exist).")
    Path output;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        HtmlFile.check(output);
        var err = spec.commandLine().getErr();
        Result r = Sources.result(Sources.of(paths, System.in), Progress.on(err, Output.terminal()));
        HtmlFile.write(output, r, "jrss report: " + String.join(" ", paths.stream().map(Path::toString).toList()), err);
        return 0;
    }
}
