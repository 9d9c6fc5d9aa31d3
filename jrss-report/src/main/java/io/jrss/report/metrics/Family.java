// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;

/** One metric family being built for a scrape: its name, help, type and data points. Bytes and seconds carry their unit. */
final class Family {
    private record Point(Labels labels, double value) {}

    private final String name;
    private final String help;
    private final boolean counter;
    private final List<Point> points = new ArrayList<>();

    Family(String name, String help, boolean counter) {
        this.name = name;
        this.help = help;
        this.counter = counter;
    }

    void add(Labels labels, double value) { points.add(new Point(labels, value)); }

    MetricSnapshot snapshot() {
        Unit unit = name.endsWith("_bytes") ? Unit.BYTES : name.endsWith("_seconds") ? Unit.SECONDS : null;
        if (counter) {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
            if (unit != null) b.unit(unit);
            for (Point p : points) b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(p.labels()).value(p.value()).build());
            return b.build();
        }
        GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
        if (unit != null) b.unit(unit);
        for (Point p : points) b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(p.labels()).value(p.value()).build());
        return b.build();
    }
}
