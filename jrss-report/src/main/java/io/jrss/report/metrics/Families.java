// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Metric families in the order first seen, each with its data points. */
final class Families {
    private final Map<String, Family> byName = new LinkedHashMap<>();

    void gauge(String name, String help, Labels labels, double value) { family(name, help, false).add(labels, value); }

    void counter(String name, String help, Labels labels, double value) { family(name, help, true).add(labels, value); }

    private Family family(String name, String help, boolean counter) { return byName.computeIfAbsent(name, n -> new Family(n, help, counter)); }

    MetricSnapshots snapshots() {
        List<MetricSnapshot> out = new ArrayList<>();
        for (Family fam : byName.values()) out.add(fam.snapshot());
        return new MetricSnapshots(out);
    }
}
