// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.parse.SnapshotParser;
import io.jrss.core.rules.Finding;
import io.jrss.report.JsonReport;
import io.jrss.report.TextReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run a real diagnosis end to end: start the bundled workload io.jrss.lab.NativeMix in a child JVM",
                "(direct buffers, zlib streams never ended, and glibc fragmentation from two waves of native",
                "allocations), explain it while it runs, print the ledger and the findings, and stop it.", ""})
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--json", description = "Print the diagnosis as one JSON object on stdout.")
    boolean json;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Option(names = "--timeout", defaultValue = "60s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "How long to wait for the workload to be READY (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Spec CommandSpec spec;

    static final List<String> JVM_FLAGS = List.of("-XX:NativeMemoryTracking=summary", "-Xmx128m");

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        err.println("jrss demo: starting io.jrss.lab.NativeMix " + String.join(" ", JVM_FLAGS) + " ...");
        err.flush();
        try (ChildJvm child = ChildJvm.start("io.jrss.lab.NativeMix", JVM_FLAGS, timeout, err)) {
            err.printf("jrss demo: pid %d is READY after %.1f s; explaining it (this only reads the target)%n",
                    child.pid(), (System.nanoTime() - t0) / 1e9);
            err.flush();
            var capture = Live.capture(child.pid(), Duration.ofSeconds(10), false, err, Live.terminal() && !json);
            Diagnosis d = Diagnosis.of(SnapshotParser.parse(capture));
            if (json) {
                JsonReport.write(d, out);
            } else {
                new TextReport(Live.terminal() && !noColor).render(d, out);
                out.println(verdict(d));
                out.flush();
            }
            err.printf("jrss demo: done in %.1f s; stopping pid %d%n", (System.nanoTime() - t0) / 1e9, child.pid());
            err.flush();
        }
        return 0;
    }

    static String verdict(Diagnosis d) {
        if (d.findings().isEmpty()) return "Verdict: nothing to fix in this snapshot.";
        Finding top = d.findings().get(0);
        return "Verdict: " + top.id() + ". " + top.title() + ".\n  First step: " + top.remedy().get(0);
    }
}
