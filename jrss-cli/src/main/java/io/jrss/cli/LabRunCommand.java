// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import io.jrss.probe.launch.Jdks;
import io.jrss.session.LabRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Start a scenario in a child JVM with its flags and NMT summary (inside its cgroup if it needs one),",
                "wait for READY, print its pid, and keep it running until Ctrl-C or --duration. Its output goes to stderr.", ""},
        footer = {"", "Example:", "  jrss lab run glibc-fragmentation      # then, in another terminal: jrss explain <pid>"})
final class LabRunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "<scenario>", description = "A name from 'jrss lab list'.")
    String name;
    @Option(names = "--jdk", paramLabel = "PATH", description = "The JDK to run it on (default: this one, or a newer one if the scenario needs it).")
    Path jdk;
    @Option(names = "--allocator", paramLabel = "NAME", defaultValue = "glibc", description = "glibc (default), jemalloc, tcmalloc or mimalloc.")
    String allocator;
    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, description = "Stop after this long, e.g. 30s, 5m.")
    Duration duration;
    @Spec CommandSpec spec;

    @Override public Integer call() throws Exception {
        Scenario s = scenario(name);
        Path home = jdk != null ? jdk : Jdks.find(s.minJdk());
        if (jdk != null) {
            int feature = Jdks.feature(jdk).orElseThrow(() -> new Errors.UsageException("--jdk " + jdk + ": not a JDK (no release file with JAVA_VERSION)"));
            if (feature < s.minJdk()) {
                throw new Errors.UsageException("scenario " + s.name() + " needs JDK " + s.minJdk() + "+ and " + jdk + " is JDK " + feature
                        + ": " + Scenarios.whyMinJdk(s));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        LabRun.run(new LabRun.Options(s, home, allocator, duration), (pid, where) -> {
            out.println("scenario " + s.name() + " is READY as pid " + pid + " (" + home + ", " + allocator + ", " + where
                    + "); " + (duration == null ? "Ctrl-C to stop" : "stopping in " + duration.toSeconds() + " s"));
            out.flush();
        });
        return 0;
    }

    static Scenario scenario(String name) {
        return Scenarios.named(name).orElseThrow(() -> new Errors.UsageException("no scenario '" + name + "'; see 'jrss lab list'"));
    }
}
