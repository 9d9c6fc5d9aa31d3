// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.Export;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "export", header = "Serve every local JVM's ledger and findings to Prometheus.", mixinStandardHelpOptions = true,
        description = {"One exporter per node (or per container): follows every local JVM it may attach to (as 'jrss ps' finds",
                "them, JVMs that start and exit included), takes a cheap sample of each on the interval and a full one (the ledger)",
                "every --full-interval or when the footprint moved, and serves /metrics in the Prometheus text format. A scrape",
                "reads the last samples and never attaches. Reads only: no trim, no GC, no agent. The metrics, alerts and",
                "dashboard are in docs/metrics.md and deploy/.", ""},
        footer = {"", "Examples:", "  jrss export                                        every JVM, http://127.0.0.1:9404/metrics",
                "  jrss export --listen 0.0.0.0:9404 --include 'com\\.example\\.' --exclude Jenkins",
                "  jrss export --once > /var/lib/node_exporter/textfile/jrss.prom   for node_exporter's textfile collector",
                "", "Durations read as 500ms, 10s, 5m, 1h.", "Exit codes: 0 stopped (Ctrl-C, SIGTERM), 1 the port could not be opened, 2 usage error."})
final class ExportCommand implements Callable<Integer> {
    @Mixin ExportFlags flags;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Export.Options options = flags.options();
        PrintWriter err = spec.commandLine().getErr();
        Export.Listener listener = new Export.Listener() {
            @Override public void note(String note) {
                synchronized (err) {
                    err.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + note);
                    err.flush();
                }
            }

            @Override public void serving() {
                err.println("jrss export: serving http://" + flags.listen + "/metrics; a sample of every JVM each " + flags.interval.toSeconds() + " s"
                        + ", the ledger each " + flags.fullInterval.toSeconds() + " s" + "; Ctrl-C stops");
                err.flush();
            }
        };
        if (flags.once) {
            Export.once(options, listener, System.out);
            return 0;
        }
        Export.serve(flags.serving(options), listener);
        err.println("jrss export: stopped");
        return 0;
    }
}
