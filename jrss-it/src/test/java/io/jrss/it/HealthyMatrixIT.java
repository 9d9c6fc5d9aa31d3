// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.io.TempDir;

/**
 * The healthy control must stay quiet whatever runs it: G1, Parallel, Serial and ZGC, on JDK 17 and 25, with the
 * heap pre-touched or not (-Xms256m -Xmx256m, the configuration that once got a critical heap-leak), each under
 * {@code jrss run} for a minute and under a {@code jrss watch} at the default intervals attached meanwhile. No
 * warning or critical finding, and no such episode either. Four configurations at a time: nothing here measures time.
 */
@Order(1) // among the longest: started first (junit-platform.properties)
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // several JVMs at once: not beside LabRunWatchIT or LabBatchIT (Locks.HOST_CPU)
class HealthyMatrixIT {
    static final Duration RUN_FOR = Duration.ofSeconds(65);
    static final List<String> COLLECTORS = List.of("G1", "Parallel", "Serial", "Z");
    @TempDir static Path work;

    record Config(Path jdk, String gc, boolean preTouch) {
        String name() { return "jdk" + (jdk.equals(TestJvm.JDK17) ? 17 : 25) + "-" + gc + (preTouch ? "-pretouch" : ""); }

        Scenario scenario() {
            Scenario healthy = Scenarios.named("healthy").orElseThrow();
            List<String> flags = new ArrayList<>(List.of("-Xms256m", "-Xmx256m", "-XX:+Use" + gc + "GC"));
            if (preTouch) flags.add("-XX:+AlwaysPreTouch");
            return new Scenario(healthy.name(), healthy.mainClass(), healthy.shows(), flags, healthy.minJdk(), healthy.container(),
                    healthy.findings(), healthy.timeline(), RUN_FOR);
        }
    }

    @Test
    void theHealthyControlRaisesNoAlarmUnderAnyCollectorJdkOrPreTouch() throws Exception {
        List<Config> configs = new ArrayList<>();
        for (Path jdk : List.of(TestJvm.JDK17, TestJvm.JDK25)) {
            if (!Files.isExecutable(jdk.resolve("bin/java"))) continue;
            for (String gc : COLLECTORS) for (boolean preTouch : List.of(false, true)) configs.add(new Config(jdk, gc, preTouch));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<RunAndWatch.Outcome>> outcomes = new ArrayList<>();
        for (Config c : configs) {
            outcomes.add(pool.submit(() -> RunAndWatch.of(c.scenario(), c.jdk(), RUN_FOR, null, Files.createDirectories(work.resolve(c.name())))));
        }
        pool.shutdown();
        List<String> alarms = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            RunAndWatch.Outcome o = outcomes.get(i).get();
            String name = configs.get(i).name();
            for (var json : new JsonNode[] {o.run(), o.watch()}) {
                String how = json == o.run() ? "run" : "watch";
                if (json == null) { alarms.add(name + " " + how + ": no report\n" + LabRunWatchIT.tail(json == o.run() ? o.runErr() : o.watchErr())); continue; }
                List<String> raised = new ArrayList<>(RunAndWatch.alarming(json));
                for (JsonNode e : json.get("episodes")) if (!e.get("peak_severity").asText().equals("info")) raised.add(e.get("id").asText() + " (episode)");
                System.out.printf("[healthy] %-22s %-5s %3d samples (%d full), RSS %4d MiB, findings %s%n", name, how,
                        json.get("timeline").get("sample_count").asInt(), json.get("timeline").get("full_sample_count").asInt(),
                        json.get("rss_bytes").asLong() >> 20, RunAndWatch.ids(json));
                if (!raised.isEmpty()) alarms.add(name + " " + how + ": " + raised + " " + json.get("findings"));
            }
        }
        assertEquals(List.of(), alarms, "the healthy control raised an alarm");
    }
}
