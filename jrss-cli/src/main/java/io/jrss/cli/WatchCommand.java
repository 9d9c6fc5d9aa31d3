// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.Watch;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "watch", header = "Watch a JVM over time: what grows, how fast, and the verdict.", mixinStandardHelpOptions = true,
        description = {"Watch a running JVM over time and reach a verdict: what grows, how fast, its shape (stable, growing,",
                "ratchet, sawtooth), when it hits its limit, and what to change. One snapshot cannot tell a leak from a",
                "plateau; a timeline can. Shows a live view on stderr and ends with the full report on Ctrl-C,",
                "at --duration, or when the target exits. Reads only, unless you ask for --trim-probe or --nmt-baseline.", ""},
        footer = {"", "Examples:", "  jrss watch 4242                          every 10 s until Ctrl-C",
                "  jrss watch MyService --interval 1s --duration 5m --json > verdict.json",
                "  jrss watch 4242 --record incident-42/    then: jrss analyze incident-42/",
                "  jrss watch 4242 --duration 2m --trim-probe",
                "", "Durations read as 500ms, 10s, 5m, 1h.", "Exit codes: 0 ok (also when the target exits), 1 the target or the recording failed, 2 usage error."})
final class WatchCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "<target>", description = "A pid, or a unique substring of the main class or jar, as jcmd takes it.")
    String target;
    @Mixin WatchFlags flags;

    @Override
    public Integer call() throws Exception {
        var options = flags.options(Duration.ofSeconds(10));
        return flags.report(Watch.run(target, options, flags.view("watch", Output.terminal())), "watch");
    }
}
