// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import io.jrss.core.fleet.Fleet;
import io.jrss.probe.fleet.FleetSampler;
import io.jrss.report.Reporter;
import io.jrss.report.metrics.FleetMetrics;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.regex.Pattern;

/** export: every local JVM followed and sampled, served on /metrics until stopped, or sampled once and printed. */
public final class Export {
    /**
     * @param windowSamples how many samples of each JVM trends and the timeline rules look back on
     * @param listen        HOST:PORT as given, for messages; {@code host} and {@code port} parsed from it
     * @param culprits      which culprit readings a finding that fires may take ("read", "histogram")
     * @param captureAt     the captures kept as a JVM nears its container's limit (docs/captures.md)
     * @param compat        the other exporters' names served too ("client_java" or "otel"), or ""
     */
    public record Options(Duration interval, Duration fullInterval, int windowSamples, Duration timeout, Pattern include, Pattern exclude, int workers,
                          String listen, String host, int port, java.util.Set<String> culprits,
                          io.jrss.probe.watch.CaptureAt captureAt, String compat) {}

    /** Told the fleet's notes (a JVM found, gone, failing) and when /metrics is served. */
    public interface Listener {
        void note(String note);

        void serving();
    }

    /** Samples every JVM once (a full sample) and writes the metrics to {@code out}. */
    public static void once(Options o, Listener listener, OutputStream out) throws IOException, InterruptedException {
        PrometheusRegistry registry = new PrometheusRegistry();
        try (FleetSampler sampler = sampler(o, listener, registry)) {
            sampler.once();
            PrometheusTextFormatWriter.create().write(out, registry.scrape());
            out.flush();
        }
    }

    /** Serves /metrics until Ctrl-C or SIGTERM. */
    public static void serve(Options o, Listener listener) throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        try (FleetSampler sampler = sampler(o, listener, registry);
             HTTPServer server = server(o, registry); CtrlC c = CtrlC.runs(sampler::stop)) {
            listener.serving();
            sampler.run();
        }
    }

    private static FleetSampler sampler(Options o, Listener listener, PrometheusRegistry registry) {
        Fleet fleet = new Fleet(o.interval(), o.windowSamples(), listener::note);
        registry.register(new FleetMetrics(fleet, o.compat()));
        var options = new FleetSampler.Options(o.interval(), o.fullInterval(), o.timeout(), o.include(), o.exclude(), o.workers(), Reporter.JRSS_VERSION, o.culprits(), o.captureAt());
        return new FleetSampler(options, fleet, Clock.systemUTC());
    }

    private static HTTPServer server(Options o, PrometheusRegistry registry) throws IOException {
        try {
            return HTTPServer.builder().hostname(o.host()).port(o.port()).registry(registry).buildAndStart();
        } catch (IOException e) {
            throw new IOException("cannot serve on " + o.listen() + ": " + e.getMessage() + " (is another exporter on that port?)", e);
        }
    }

    private Export() {}
}
