// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.result.Result;
import io.jrss.core.result.SnapshotResult;
import io.jrss.session.Explain;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "explain", header = "Split a JVM's RSS into a ledger of named rows, with the findings of one snapshot.", mixinStandardHelpOptions = true,
        description = {"Split a JVM's resident memory (RSS) into a ledger of named rows that sum exactly to the RSS,",
                "and report what one snapshot shows: fragmentation, arenas, limits, throttling, swap, THP.",
                "Reads only; it changes nothing in the target.", ""},
        footer = {"", "Examples:", "  jrss explain 4242", "  jrss explain MyService --json", "  jrss explain --capture bug-1234/",
                "", "Each finding id has its page in the repository's docs/findings/<id>.md: what it means, how jrss",
                "decides, the evidence, the remedies in order and how to reproduce it (e.g. docs/findings/glibc-fragmentation.md).",
                "", "Exit codes: 0 ok, 1 the target or its data failed, 2 usage error."})
final class ExplainCommand implements Callable<Integer> {
    @Mixin TargetOptions target;
    @Mixin ReportFlags report;

    @Override
    public Integer call() throws Exception {
        report.check();
        Result r = Explain.run(target.explain(), report.progress());
        return report.show(r, r instanceof SnapshotResult s && target.capture == null ? "jrss explain " + s.diagnosis().snapshot().pid()
                : "jrss explain --capture " + target.capture);
    }
}
