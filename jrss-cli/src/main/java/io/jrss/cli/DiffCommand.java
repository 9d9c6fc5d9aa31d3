// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.diff.Diff;
import io.jrss.core.diff.Side;
import io.jrss.core.result.DiffResult;
import io.jrss.core.result.DiffSides;
import io.jrss.core.source.Source;
import io.jrss.core.source.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "diff", header = "Compare two inputs: before and after a deploy, a flag, an upgrade.", mixinStandardHelpOptions = true,
        description = {"Read two inputs as jrss analyze reads one (a capture or recording directory, a JFR file, saved outputs)",
                "and put them side by side: the RSS, the ledger row by row, the signals (heap, metaspace, threads, NMT,",
                "glibc, cgroup) one by one, the findings that appeared, went away or stayed, and the settings that differ",
                "(JDK, collector, allocator, flags, the environment variables that steer malloc, the container).",
                "A recording counts as its last full sample, with the findings of its whole watch.", ""},
        footer = {"", "Examples:", "  jrss capture 4242 before/ ... (deploy) ... jrss capture 4343 after/ && jrss diff before/ after/",
                "  jrss diff glibc-run/ arena2-run/              two recordings of jrss run --record",
                "  jrss diff nmt-1.txt+pmap-1.txt nmt-2.txt+pmap-2.txt   several outputs on a side, joined by '+'", "",
                "A move smaller than 1 MiB and 1% is shown as '=': two snapshots of the same process differ that much.",
                "Exit codes: 0 ok, 1 an input could not be read or holds nothing jrss knows, 2 usage error."})
final class DiffCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "BEFORE", description = "The first input: a directory, a JFR file, or outputs joined by '+' ('-' for stdin).")
    String before;
    @Parameters(index = "1", paramLabel = "AFTER", description = "The second input, the same way.")
    String after;
    @Mixin ReportFlags report;

    @Override
    public Integer call() throws Exception {
        report.check();
        if (before.equals("-") && after.equals("-")) throw new Errors.UsageException("only one side can be read from stdin");
        Side a = side(before), b = side(after);
        return report.show(new DiffResult(Diff.of(a, b)), "jrss diff " + before + " " + after);
    }

    private Side side(String input) throws Exception {
        Source source = Sources.of(paths(input), System.in);
        return DiffSides.of(input, Sources.result(source, report.progress()));
    }

    /** One path, or several joined by '+' when no file has the whole name. */
    static List<Path> paths(String input) {
        if (!input.contains("+") || Files.exists(Path.of(input))) return List.of(Path.of(input));
        return Arrays.stream(input.split("\\+")).filter(s -> !s.isEmpty()).map(Path::of).toList();
    }
}
