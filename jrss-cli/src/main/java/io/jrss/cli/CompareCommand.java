// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.ComparisonResult;
import io.jrss.session.Compare;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", header = "Run one command under several allocator set-ups and say which keeps RSS lowest.", mixinStandardHelpOptions = true,
        description = {"Runs the command once per arm (and --repeat times), one after the other, each launched and watched as",
                "'jrss run' does, then compares them: RSS over time, peak RSS, steady RSS (the median of the last half of the",
                "samples), the ledger at the end, wall time, CPU, exit status and --metric. Each arm proves it ran as named:",
                "the allocator mapped in the target, the environment it got, and the allocator's own statistics.",
                "The verdict names the arm with the lowest steady RSS, what it saves against glibc as is, what it costs, how",
                "sure that is (a difference within the runs' spread, or within 3%, is a tie) and the winner's known risks.", "",
                "Arms: glibc (as is), arena2 (MALLOC_ARENA_MAX=2), trim (-XX:TrimNativeHeapInterval=5000, JDK 17.0.9+/21.0.1+),",
                "jemalloc, jemalloc-bg (MALLOC_CONF=background_thread:true), tcmalloc, tcmalloc-aggr",
                "(TCMALLOC_AGGRESSIVE_DECOMMIT=true), mimalloc, and custom:NAME:K=V,... (the rest of the list is its environment;",
                "LD_PRELOAD names its allocator). Preloaded allocators come from Debian's packages.", ""},
        footer = {"", "Examples:",
                "  jrss compare -- java -Xmx2g -jar batch.jar                        # a program that ends by itself",
                "  jrss compare --duration 10m --repeat 3 --html ab.html -- java -jar service.jar",
                "  jrss compare --arms glibc,jemalloc-bg,custom:je-decay:LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2,MALLOC_CONF=dirty_decay_ms:1000 -- ./start.sh",
                "  jrss compare --metric 'throughput: ([0-9.]+) ops/s' --json -- java -jar bench.jar > ab.json",
                "", "Ctrl-C stops the running arm and reports the arms that finished.",
                "Exit codes: 0 a verdict, 1 no arm could be measured, 2 usage error (e.g. an allocator not installed), 130 Ctrl-C."})
final class CompareCommand implements Callable<Integer> {
    @Mixin CompareFlags flags;
    @Mixin ReportFlags report;
    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The program and its arguments, after --.")
    List<String> command;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Compare.Options options = flags.options(command, report);
        ComparisonResult result = Compare.run(options, new ProgressLine(spec.commandLine().getErr(), Output.terminal()));
        report.show(result, "jrss compare " + String.join(" ", command));
        return result.interrupted() ? 130 : result.verdict().best() == null ? Errors.TARGET : 0;
    }
}
