// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import io.jrss.core.fleet.Fleet;
import io.jrss.core.fleet.JvmReading;
import io.jrss.core.rules.Culprit;
import io.jrss.core.rules.Finding;
import io.jrss.core.timeline.Signals;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet as Prometheus metrics, built from the last readings at each scrape: a scrape never attaches, never waits
 * for a sample, and shows nothing of a JVM that has exited. Every name is in docs/metrics.md. Labels name a JVM as a
 * person would: {@code pid}, {@code jvm} (main class or jar), {@code container} and {@code pod} ("" outside one).
 */
public final class FleetMetrics implements MultiCollector {
    /** Where a limit is read from ({@code timeline.Limits}) and the metric it is exported as. */
    static final Map<String, String> LIMITS = Map.of(
            Signals.RSS.name(), "jrss_memory_limit_bytes",
            Signals.HEAP_COMMITTED.name(), "jrss_heap_max_bytes",
            Signals.DIRECT_MEMORY.name(), "jrss_direct_memory_max_bytes",
            Signals.METASPACE_COMMITTED.name(), "jrss_metaspace_max_bytes",
            Signals.CODE_CACHE_USED.name(), "jrss_code_cache_max_bytes");

    private final Fleet fleet;
    private final java.util.Set<CompatMetrics.Compat> compat;

    public FleetMetrics(Fleet fleet) { this(fleet, ""); }

    /** @param compat the other exporters' names served too: "client_java" or "otel" ({@link #checkCompat}), "" for none */
    public FleetMetrics(Fleet fleet, String compat) {
        this.fleet = fleet;
        this.compat = CompatMetrics.parse(compat);
    }

    /** Throws IllegalArgumentException, with one line for the user, when {@code --compat}'s value cannot be served. */
    public static void checkCompat(String compat) { CompatMetrics.parse(compat); }

    @Override
    public MetricSnapshots collect() {
        List<JvmReading> jvms = fleet.readings();
        Families f = new Families();
        fleet.census().forEach((state, n) -> f.gauge("jrss_jvms", "Local JVMs the exporter found at its last look, by state.", Labels.of("state", state), n));
        for (JvmReading r : jvms) {
            jvm(f, r);
            CompatMetrics.of(f, labels(r), r, compat);
        }
        fleet.oomKills().forEach((l, n) -> f.counter("jrss_oom_kills", "JVMs of this lineage (main class, container or pod) the kernel's OOM killer ended since the exporter started.",
                Labels.of("jvm", l.jvm(), "container", l.container(), "pod", l.pod()), n));
        Map<Integer, JvmReading> byPid = new LinkedHashMap<>();
        jvms.forEach(r -> byPid.put(r.labels().pid(), r));
        fleet.predecessors().forEach((pid, k) -> {
            JvmReading r = byPid.get(pid);
            if (r != null) f.gauge("jrss_predecessor_info", "1 for a JVM that follows one of its lineage the kernel killed: that JVM's pid and its last capture before the kill.",
                    labels(r).add("predecessor_pid", Integer.toString(k.pid())).add("capture", k.capture() == null ? "" : k.capture()), 1);
        });
        return f.snapshots();
    }

    private static void jvm(Families f, JvmReading r) {
        Labels id = labels(r);
        JvmReading.Health h = r.health();
        f.gauge("jrss_jvm_up", "1 when the last sample of this JVM succeeded, 0 when it failed (see jrss_attach_failures_total).", id,
                h.lastError() == null && r.time() != null ? 1 : 0);
        h.samples().forEach((kind, n) -> f.counter("jrss_samples", "Samples taken of this JVM, by kind (cheap, or full with the ledger).",
                id.add("kind", kind), n));
        h.lastSample().forEach((kind, d) -> f.gauge("jrss_sample_duration_seconds", "How long the last sample of each kind took.",
                id.add("kind", kind), d.toNanos() / 1e9));
        f.counter("jrss_attach_failures", "Samples of this JVM that failed: attach refused, or no answer within the timeout.", id, h.failures());
        if (h.lastCapture() != null) f.gauge("jrss_last_capture_info", "1 for the last capture kept as this JVM neared its container's limit: its directory (docs/captures.md).",
                id.add("path", h.lastCapture()), 1);
        if (r.time() == null) return;
        f.gauge("jrss_last_sample_timestamp_seconds", "When the last sample of this JVM was taken (Unix time).", id, r.time().toEpochMilli() / 1e3);
        Double rss = r.signals().get(Signals.RSS.name());
        if (rss != null) f.gauge("jrss_rss_bytes", "Resident set size of the JVM's process (VmRSS).", id, rss);
        for (SignalMetrics.Metric m : SignalMetrics.ALL) {
            Double v = r.signals().get(m.signal());
            if (v == null) continue;
            if (m.counter()) f.counter(m.name(), m.help(), id, v);
            else f.gauge(m.name(), m.help(), id, v);
        }
        LIMITS.forEach((signal, name) -> {
            Double v = r.limits().get(signal);
            if (v != null) f.gauge(name, "The limit " + signal + " runs against (docs/metrics.md).", id, v);
        });
        if (r.sizing() != null && !r.sizing().isRefused()) {
            f.gauge("jrss_recommended_limit_bytes", "The memory limit jrss size recommends from the window (docs/size.md); none while a part leaks.", id,
                    r.sizing().limit().value());
        }
        if (r.liveHeap() != null) f.gauge("jrss_heap_live_floor_bytes", "The live heap after GC: the floor of the old generation over the window.", id, r.liveHeap());
        r.rows().forEach((row, b) -> f.gauge("jrss_ledger_bytes", "The RSS by where it goes, as of the last full sample: the rows sum to its RSS.",
                id.add("row", row), b));
        r.rowTrends().forEach((row, v) -> f.gauge("jrss_trend_bytes_per_hour", "How fast each ledger row grows over the window (robust slope).",
                id.add("row", row), v));
        if (r.rssTrend() != null) f.gauge("jrss_rss_trend_bytes_per_hour", "How fast the RSS grows over the window (robust slope).", id, r.rssTrend());
        for (Finding x : r.findings()) {
            f.gauge("jrss_finding", "1 while a finding is raised (docs/findings/<id>.md).", id.add("id", x.id()).add("severity", x.severity().name()), 1);
            for (int i = 0; i < x.culprits().size(); i++) {
                Culprit c = x.culprits().get(i);
                Double v = c.bytes() != null ? (Double) (double) c.bytes().value() : c.count() != null ? (Double) (double) c.count() : null;
                if (v != null) f.gauge("jrss_finding_culprit", "Who holds a raised finding's memory, rank 1 the culprit: its bytes, or its count where the reading counts only (threads).",
                        id.add("id", x.id()).add("kind", c.kind().json()).add("culprit", c.name()).add("rank", Integer.toString(i + 1)), v);
            }
        }
    }

    static Labels labels(JvmReading r) {
        var l = r.labels();
        return Labels.of("pid", Integer.toString(l.pid()), "jvm", l.jvm(), "container", l.container(), "pod", l.pod());
    }
}
