// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import io.jrss.session.Export;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** export's options, checked before any JVM is sampled: the window, the workers, the patterns and where to listen. */
final class ExportFlags {
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

    @Mixin TimeoutFlag timeout;

    @Mixin CulpritsFlag culprits;

    @Mixin CaptureAtFlags captureAt;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "4", description = "JVMs sampled at once (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(names = "--compat", paramLabel = "NAMES", defaultValue = "",
            description = "Also serve the names JVM dashboards already query: client_java (the Prometheus Java client's jvm_memory_used_bytes{area},"
                    + " jvm_memory_pool_used_bytes{pool}, jvm_buffer_pool_used_bytes{pool}, jvm_native_memory_committed_bytes{pool},"
                    + " process_resident_memory_bytes) or otel (OpenTelemetry's jvm_memory_used_bytes{jvm_memory_type,jvm_memory_pool_name}, ...);"
                    + " docs/metrics.md says where their figures differ from an in-process exporter's.")
    String compat;

    @Option(names = "--once", description = "Sample every JVM once (a full sample), print the metrics to stdout and exit.")
    boolean once;

    /** The exporter's options; --listen is read only when /metrics is served. */
    Export.Options options() throws java.io.IOException {
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
        try {
            io.jrss.report.metrics.FleetMetrics.checkCompat(compat);
        } catch (IllegalArgumentException e) {
            throw new Errors.UsageException(e.getMessage());
        }
        int windowSamples = (int) Math.max(2, Math.min(100_000, window.toMillis() / interval.toMillis()));
        return new Export.Options(interval, fullInterval, windowSamples, timeout.value, pattern("--include", include), pattern("--exclude", exclude),
                workers, listen, null, 0, culprits.allowedByExporter(), captureAt.options(CaptureAtFlags.exportDir()), compat);
    }

    /** The options with --listen's host and port, for serving /metrics. */
    Export.Options serving(Export.Options o) {
        int colon = listen.lastIndexOf(':');
        if (colon < 0) throw new Errors.UsageException("--listen takes HOST:PORT, e.g. 127.0.0.1:9404: " + listen);
        String host = listen.substring(0, colon).replaceAll("^\\[|]$", "");
        int port;
        try {
            port = Integer.parseInt(listen.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new Errors.UsageException("--listen: the port of " + listen + " is not a number");
        }
        return new Export.Options(o.interval(), o.fullInterval(), o.windowSamples(), o.timeout(), o.include(), o.exclude(), o.workers(), listen, host, port, o.culprits(), o.captureAt(), o.compat());
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
