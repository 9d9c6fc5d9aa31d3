// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import io.jrss.core.fleet.JvmReading;
import io.jrss.core.fleet.MxPools;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmMemoryPools.Pool;
import io.jrss.core.model.NmtCategory;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names people's JVM dashboards already query, served beside jrss's own with {@code export --compat}: the
 * Prometheus Java client's (client_java 1.x, {@code prometheus-metrics-instrumentation-jvm}) and the OpenTelemetry JVM
 * semantic conventions' as Prometheus names them. Each series carries jrss's labels that tell JVMs apart (pid, jvm,
 * container, pod). The figures come from outside the JVM ({@link MxPools}); docs/metrics.md says where each differs
 * from the in-process exporter's.
 */
final class CompatMetrics {
    /** The sets of names, as {@code --compat} spells them. */
    enum Compat { client_java, otel }

    static void of(Families f, Labels id, JvmReading r, Set<Compat> compat) {
        MxPools p = r.pools();
        if (p == null || r.time() == null) return;
        if (compat.contains(Compat.client_java)) clientJava(f, id, p);
        if (compat.contains(Compat.otel)) otel(f, id, p);
    }

    private static void clientJava(Families f, Labels id, MxPools p) {
        area(f, id, "heap", p.heap());
        area(f, id, "nonheap", p.nonHeap());
        for (Pool x : concat(p.heap(), p.nonHeap())) {
            Labels l = id.add("pool", x.name());
            f.gauge("jvm_memory_pool_used_bytes", "Used bytes of a given JVM memory pool.", l, x.used().value());
            f.gauge("jvm_memory_pool_committed_bytes", "Committed bytes of a given JVM memory pool.", l, x.committed().value());
            f.gauge("jvm_memory_pool_max_bytes", "Max bytes of a given JVM memory pool.", l, x.max() == null ? -1 : x.max().value());
        }
        if (p.direct() != null) {
            Labels l = id.add("pool", "direct");
            f.gauge("jvm_buffer_pool_used_bytes", "Used bytes of a given JVM buffer pool.", l, p.direct().value());
            f.gauge("jvm_buffer_pool_capacity_bytes", "Bytes capacity of a given JVM buffer pool.", l, p.direct().value());
            if (p.directCount() >= 0) f.gauge("jvm_buffer_pool_used_buffers", "Used buffers of a given JVM buffer pool.", l, p.directCount());
        }
        for (NmtCategory c : p.nmt()) {
            Labels l = id.add("pool", c.name());
            f.gauge("jvm_native_memory_reserved_bytes", "Reserved bytes of a given JVM. Note that this is only the memory tracked by NMT.", l, c.reserved().value());
            f.gauge("jvm_native_memory_committed_bytes", "Committed bytes of a given JVM. Note that this is only the memory tracked by NMT.", l, c.committed().value());
        }
        if (p.rss() != null) f.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", id, p.rss().value());
        if (p.virtual() != null) f.gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", id, p.virtual().value());
    }

    /** jvm_memory_{used,committed,max}_bytes{area}: the pools summed, max -1 when a pool has none (as the MemoryMXBean says). */
    private static void area(Families f, Labels id, String area, List<Pool> pools) {
        if (pools.isEmpty()) return;
        Labels l = id.add("area", area);
        f.gauge("jvm_memory_used_bytes", "Used bytes of a given JVM memory area.", l, sum(pools, Pool::used));
        f.gauge("jvm_memory_committed_bytes", "Committed (bytes) of a given JVM memory area.", l, sum(pools, Pool::committed));
        boolean unbounded = pools.stream().anyMatch(x -> x.max() == null);
        f.gauge("jvm_memory_max_bytes", "Max (bytes) of a given JVM memory area.", l, unbounded ? -1 : sum(pools, Pool::max));
    }

    private static void otel(Families f, Labels id, MxPools p) {
        for (Pool x : p.heap()) otelPool(f, id, "heap", x);
        for (Pool x : p.nonHeap()) otelPool(f, id, "non_heap", x);
        if (p.direct() != null) {
            Labels l = id.add("jvm_buffer_pool_name", "direct");
            f.gauge("jvm_buffer_memory_used_bytes", "Measure of memory used by buffers.", l, p.direct().value());
            if (p.directCount() >= 0) f.gauge("jvm_buffer_count", "Number of buffers in the pool.", l, p.directCount());
        }
        if (p.rss() != null) f.gauge("process_memory_usage_bytes", "The amount of physical memory in use.", id, p.rss().value());
        if (p.virtual() != null) f.gauge("process_memory_virtual_bytes", "The amount of committed virtual memory.", id, p.virtual().value());
    }

    private static void otelPool(Families f, Labels id, String type, Pool x) {
        Labels l = id.add("jvm_memory_type", type).add("jvm_memory_pool_name", x.name());
        f.gauge("jvm_memory_used_bytes", "Measure of memory used.", l, x.used().value());
        f.gauge("jvm_memory_committed_bytes", "Measure of memory committed.", l, x.committed().value());
        if (x.max() != null) f.gauge("jvm_memory_limit_bytes", "Measure of max obtainable memory.", l, x.max().value());
    }

    private static double sum(List<Pool> pools, java.util.function.Function<Pool, Bytes> part) {
        return pools.stream().map(part).filter(java.util.Objects::nonNull).mapToLong(Bytes::value).sum();
    }

    private static List<Pool> concat(List<Pool> a, List<Pool> b) { return java.util.stream.Stream.concat(a.stream(), b.stream()).toList(); }

    /** The sets asked by {@code --compat}: "client_java", "otel", or both, comma-separated; none for "". */
    static Set<Compat> parse(String spec) {
        java.util.EnumSet<Compat> out = java.util.EnumSet.noneOf(Compat.class);
        for (String s : spec.split(",")) {
            if (s.isBlank()) continue;
            try {
                out.add(Compat.valueOf(s.strip().toLowerCase(Locale.ROOT).replace('-', '_')));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--compat takes client_java or otel: '" + s.strip() + "'");
            }
        }
        if (out.size() > 1) {
            throw new IllegalArgumentException("--compat client_java,otel: both name jvm_memory_used_bytes, with different labels (area; jvm_memory_type"
                    + " and jvm_memory_pool_name), and one family cannot serve both; choose one");
        }
        return out;
    }

    private CompatMetrics() {}
}
