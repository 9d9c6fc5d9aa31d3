// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.lab.Scenario;
import io.jrss.session.Demo;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
    @Mixin OutputFlags output;
    @Option(names = "--timeout", defaultValue = "60s", converter = DurationConverter.class, paramLabel = "DURATION",
            description = "How long to wait for the workload to be READY (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Scenario s = LabRunCommand.scenario(scenario);
        Demo.run(new Demo.Options(s, timeout), new DemoView(spec.commandLine().getOut(), spec.commandLine().getErr(), output));
        return 0;
    }
}
