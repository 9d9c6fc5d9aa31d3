// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.ProfileNative;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "profile-native", header = "CHANGES THE TARGET: who holds native memory, by call site (async-profiler's nativemem).", mixinStandardHelpOptions = true,
        description = {"Load async-profiler (from Maven Central, bundled in jrss) into a running JVM over its attach socket and record",
                "every malloc, calloc, realloc and free with its stack, Java and native frames, for --duration. Then: the bytes",
                "allocated and not freed, by stack and by the Java method that called into native code, joined to the ledger's",
                "native-malloc row measured just before and just after. Running this command is the consent: the hooks are",
                "switched off at the end, the library stays loaded in the target (an agent cannot be unloaded). jrss's files",
                "in the target's /tmp are removed, except the library, which a later session loads again by the same path.", ""},
        footer = {"", "Examples:", "  jrss profile-native 4242                      one minute, one sample per 512 KiB allocated",
                "  jrss profile-native MyService --duration 5m --html native.html",
                "  jrss profile-native 4242 --interval 0 --json  every allocation (more overhead, exact bytes)", "",
                "Refused, with one line: a musl (Alpine) target, a preloaded jemalloc 3, jemalloc or tcmalloc with their own heap profiler on.",
                "Exit codes: 0 ok, 1 the target or the profiler failed, 2 usage error, 130 Ctrl-C (the profile so far is reported)."})
final class ProfileNativeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "<target>", description = "A pid, or a unique substring of the main class or jar.")
    String target;
    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long to record (default: ${DEFAULT-VALUE}).")
    Duration duration;
    @Option(names = "--interval", paramLabel = "SIZE", defaultValue = "512k", converter = ByteSizeConverter.class,
            description = "Record one allocation per SIZE bytes allocated; 0 records every one (default: ${DEFAULT-VALUE}).")
    long interval;
    @Mixin TimeoutFlag timeout;
    @Mixin ReportFlags report;

    @Override
    public Integer call() throws Exception {
        WatchFlags.positive("--duration", duration);
        report.check();
        var options = new ProfileNative.Options(target, duration, interval, timeout.value, report.html != null);
        var o = ProfileNative.run(options, new Countdown(report.err(), Output.terminal()));
        report.show(o.result(), "jrss profile-native " + o.result().pid());
        return o.interrupted() ? 130 : 0;
    }
}
