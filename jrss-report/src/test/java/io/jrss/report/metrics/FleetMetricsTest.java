// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.fleet.FleetSink;
import io.jrss.core.fleet.Fleet;
import io.jrss.core.fleet.JvmLabels;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.core.timeline.Signals;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A real capture through the fleet and the collector: the metrics a scrape gets, and that docs/metrics.md names them all. */
class FleetMetricsTest {
    static final Path CAPTURE = Path.of(System.getProperty("jrss.captures"), "jdk17-g1-native-mix");

    static MetricSnapshots scrape(Fleet fleet) { return new FleetMetrics(fleet).collect(); }

    static MetricSnapshot family(MetricSnapshots s, String name) {
        return s.stream().filter(m -> m.getMetadata().getName().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no " + name));
    }

    @Test void theLedgerRowsSumToTheRssAndEachFindingIsOne() throws Exception {
        Capture c = CaptureDirectory.read(CAPTURE);
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(c));
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10);
        FleetSink.Target t = fleet.found(new JvmLabels(4242, "com.example.Main", "3f4b1c9e8d7a", ""));
        t.keep(c, Duration.ofMillis(250));
        MetricSnapshots s = scrape(fleet);
        double sum = family(s, "jrss_ledger_bytes").getDataPoints().stream().mapToDouble(p -> ((GaugeSnapshot.GaugeDataPointSnapshot) p).getValue()).sum();
        assertEquals(d.ledger().rss().value(), sum, 0.5);
        DataPointSnapshot rss = family(s, "jrss_rss_bytes").getDataPoints().get(0);
        assertEquals("4242", rss.getLabels().get("pid"));
        assertEquals("com.example.Main", rss.getLabels().get("jvm"));
        assertEquals("3f4b1c9e8d7a", rss.getLabels().get("container"));
        Set<String> raised = new HashSet<>();
        for (DataPointSnapshot p : family(s, "jrss_finding").getDataPoints()) {
            raised.add(p.getLabels().get("id"));
            assertEquals(1.0, ((GaugeSnapshot.GaugeDataPointSnapshot) p).getValue());
        }
        assertEquals(new HashSet<>(d.findings().stream().map(f -> f.id()).toList()), raised);
        assertEquals(0.25, ((GaugeSnapshot.GaugeDataPointSnapshot) family(s, "jrss_sample_duration_seconds").getDataPoints().get(0)).getValue(), 1e-9);
        double recommended = ((GaugeSnapshot.GaugeDataPointSnapshot) family(s, "jrss_recommended_limit_bytes").getDataPoints().get(0)).getValue();
        assertTrue(recommended >= d.ledger().rss().value() && recommended <= 1.3 * d.ledger().rss().value(),
                "jrss size's limit of the window, within 1.3 times the RSS of its one capture: " + recommended);
    }

    @Test void beforeItsFirstSampleAJvmShowsHealthOnly() {
        Fleet fleet = new Fleet(Duration.ofSeconds(30), 10);
        fleet.found(new JvmLabels(7, "x", "", "")).failed("pid 7: Permission denied", Duration.ofMillis(3));
        fleet.census(Map.of("watched", 1, "unattachable", 2, "excluded", 0));
        MetricSnapshots s = scrape(fleet);
        assertEquals(0.0, ((GaugeSnapshot.GaugeDataPointSnapshot) family(s, "jrss_jvm_up").getDataPoints().get(0)).getValue());
        assertFalse(s.stream().anyMatch(m -> m.getMetadata().getName().equals("jrss_rss_bytes")));
        assertEquals(3, family(s, "jrss_jvms").getDataPoints().size());
    }

    @Test void everySignalHasItsMetricAndTheDocsNameEveryMetric() throws Exception {
        Set<String> signals = new HashSet<>();
        for (var g : Signals.ALL) if (g != Signals.RSS) signals.add(g.name());
        Set<String> mapped = new HashSet<>();
        SignalMetrics.ALL.forEach(m -> mapped.add(m.signal()));
        assertEquals(signals, mapped, "every signal but rss (jrss_rss_bytes) has a metric in SignalMetrics");
        String docs = Files.readString(Path.of("..", "docs", "metrics.md"));
        String source = Files.readString(Path.of("src/main/java/io/jrss/report/metrics/FleetMetrics.java"));
        List<String> names = new java.util.ArrayList<>(SignalMetrics.ALL.stream().map(m -> m.name() + (m.counter() ? "_total" : "")).toList());
        Matcher m = Pattern.compile("\"(jrss_[a-z_]+)\"").matcher(source);
        while (m.find()) names.add(m.group(1) + (Set.of("jrss_samples", "jrss_attach_failures", "jrss_oom_kills").contains(m.group(1)) ? "_total" : ""));
        Matcher compat = Pattern.compile("\"((?:jvm|process)_[a-z_]+)\"").matcher(Files.readString(Path.of("src/main/java/io/jrss/report/metrics/CompatMetrics.java")));
        while (compat.find()) assertTrue(docs.contains("`" + compat.group(1) + "`"), "docs/metrics.md does not name --compat's " + compat.group(1));
        for (String n : names) assertTrue(docs.contains("`" + n + "`"), "docs/metrics.md does not name " + n);
        for (String n : names) assertTrue(n.matches("jrss_[a-z_]+"), n);
    }
}
