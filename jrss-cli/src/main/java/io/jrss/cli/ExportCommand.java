// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.core.fleet.Fleet;
import io.jrss.probe.fleet.FleetSampler;
import io.jrss.report.JsonReport;
import io.jrss.report.metrics.FleetMetrics;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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
    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:9404",
            description = "Where /metrics is served (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String listen;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "30s", converter = DurationConverter.class,
            description = "A cheap sample of every JVM this often (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--full-interval", paramLabel = "DURATION", defaultValue = "5m", converter = DurationConverter.class,
            description = "A full sample (smaps, the ledger) of every JVM this often (default: ${DEFAULT-VALUE}).")
    Duration fullInterval;

    @Option(names = "--window", paramLabel = "DURATION", defaultValue = "2h", converter = DurationConverter.class,
            description = "How far back trends and the timeline rules look; older samples are dropped (default: ${DEFAULT-VALUE}).")
    Duration window;

    @Option(names = "--include", paramLabel = "REGEX", description = "Only JVMs whose main class, jar or module (as 'jrss ps' shows it) matches.")
    String include;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Never JVMs whose main class, jar or module matches.")
    String exclude;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "Timeout for attaching and for each command; a target that does not answer costs one (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "4", description = "JVMs sampled at once (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(names = "--once", description = "Sample every JVM once (a full sample), print the metrics to stdout and exit.")
    boolean once;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (workers < 1 || workers > 64) throw new Errors.UsageException("--workers must be 1 to 64: " + workers);
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) throw new Errors.UsageException("--interval must be at least 1s, not " + interval.toMillis() + "ms");
        if (window.compareTo(fullInterval.multipliedBy(2)) < 0) {
            throw new Errors.UsageException("--window must hold at least two full samples: " + window.toSeconds() + " s is under twice --full-interval");
        }
        // Prometheus' HTTPServer is the JDK's com.sun.net.httpserver: a trimmed runtime (e.g. a JRE 11) may lack it.
        if (!once && ModuleLayer.boot().findModule("jdk.httpserver").isEmpty()) {
            throw new java.io.IOException("this Java " + Runtime.version().feature() + " runtime has no jdk.httpserver module, which serves"
                    + " /metrics; run jrss export on a runtime that has it (any JDK, the jrss image), or print the metrics once with --once");
        }
        int windowSamples = (int) Math.max(2, Math.min(100_000, window.toMillis() / interval.toMillis()));
        PrintWriter err = spec.commandLine().getErr();
        Fleet fleet = new Fleet(interval, windowSamples, note -> {
            synchronized (err) {
                err.println(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + " " + note);
                err.flush();
            }
        });
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new FleetMetrics(fleet));
        var options = new FleetSampler.Options(interval, fullInterval, timeout, pattern("--include", include), pattern("--exclude", exclude),
                workers, JsonReport.JRSS_VERSION);
        try (FleetSampler sampler = new FleetSampler(options, fleet, Clock.systemUTC())) {
            if (once) {
                sampler.once();
                PrometheusTextFormatWriter.create().write(System.out, registry.scrape());
                System.out.flush();
                return 0;
            }
            try (HTTPServer server = serve(registry); CtrlC c = CtrlC.runs(sampler::stop)) {
                err.println("jrss export: serving http://" + listen + "/metrics; a sample of every JVM each " + interval.toSeconds() + " s"
                        + ", the ledger each " + fullInterval.toSeconds() + " s" + "; Ctrl-C stops");
                err.flush();
                sampler.run();
            }
        }
        err.println("jrss export: stopped");
        return 0;
    }

    private HTTPServer serve(PrometheusRegistry registry) throws Exception {
        int colon = listen.lastIndexOf(':');
        if (colon < 0) throw new Errors.UsageException("--listen takes HOST:PORT, e.g. 127.0.0.1:9404: " + listen);
        String host = listen.substring(0, colon).replaceAll("^\\[|]$", "");
        int port;
        try {
            port = Integer.parseInt(listen.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new Errors.UsageException("--listen: the port of " + listen + " is not a number");
        }
        try {
            return HTTPServer.builder().hostname(host).port(port).registry(registry).buildAndStart();
        } catch (java.io.IOException e) {
            throw new java.io.IOException("cannot serve on " + listen + ": " + e.getMessage() + " (is another exporter on that port?)", e);
        }
    }

    private static Pattern pattern(String option, String regex) {
        if (regex == null) return null;
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new Errors.UsageException(option + ": not a regular expression: " + e.getDescription() + " in " + regex);
        }
    }
}
