// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.SnapshotResult;
import io.jrss.core.rules.Finding;
import io.jrss.core.source.Source;
import io.jrss.core.source.Sources;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.probe.launch.Jdks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "demo", header = "Run a real diagnosis of a bundled workload, end to end.", mixinStandardHelpOptions = true,
        description = {"Run a real diagnosis end to end: start a lab scenario in a child JVM (by default",
                "glibc-fragmentation: two waves of native allocations from 4 threads, the earlier freed), explain it while it",
                "runs, print the ledger, the findings and the verdict, and stop it.", ""},
        footer = {"", "Examples:", "  jrss demo", "  jrss demo direct-buffer-leak", "  jrss lab list      (the other scenarios)"})
final class DemoCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "<scenario>", defaultValue = "glibc-fragmentation",
            description = "The lab scenario to diagnose (default: ${DEFAULT-VALUE}).")
    String scenario;
    @Option(names = "--json", description = "Print the diagnosis as one JSON object on stdout.")
    boolean json;
    @Option(names = "--no-color", description = "No ANSI colours even on a terminal.")
    boolean noColor;
    @Option(names = "--timeout", defaultValue = "60s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "How long to wait for the workload to be READY (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        Scenario s = LabRunCommand.scenario(scenario);
        Path jdk = Jdks.find(s.minJdk());
        err.println("jrss demo: starting scenario " + s.name() + " (" + s.shows() + ")");
        err.println("jrss demo: " + jdk.resolve("bin/java") + " -XX:NativeMemoryTracking=summary " + String.join(" ", s.jvmFlags())
                + " " + s.mainClass() + " ... waiting for READY");
        err.flush();
        try (LabRunner child = LabRunner.start(s, jdk, System.getProperty("java.class.path"), Map.of(), timeout, null)) {
            int pid = (int) child.pid();
            err.printf("jrss demo: pid %d is READY after %.1f s; explaining it (this only reads the target)%n",
                    pid, (System.nanoTime() - t0) / 1e9);
            err.flush();
            Source live = new Source.LivePid(pid, () -> Live.capture(pid, Duration.ofSeconds(10), false, err, Live.terminal() && !json));
            SnapshotResult r = (SnapshotResult) Sources.result(live, (done, total) -> { });
            Output.print(r, json, Live.terminal() && !noColor, "jrss explain " + pid, out);
            if (!json) {
                out.println(verdict(r.diagnosis()));
                out.flush();
            }
            err.printf("jrss demo: done in %.1f s; stopping pid %d%n", (System.nanoTime() - t0) / 1e9, pid);
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
