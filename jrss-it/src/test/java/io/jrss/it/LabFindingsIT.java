// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lab scenario through jrss's own analysis: jrss explain on the running scenario raises the scenario's finding
 * ids, and the healthy control raises no warning or critical finding. Scenarios whose findings need a timeline
 * cannot be judged from one snapshot: they are skipped here and judged by jrss run and jrss watch in LabRunWatchIT.
 */
class LabFindingsIT {
    static Stream<String> scenarios() { return Scenarios.all().stream().map(Scenario::name); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void explainRaisesTheScenariosFindings(String name) throws Exception {
        Scenario s = Scenarios.named(name).orElseThrow();
        Assumptions.assumeFalse(s.timeline(), name + " needs a timeline (" + s.findings()
                + " are judged over time): see LabRunWatchIT");
        Path jdk = s.minJdk() <= Runtime.version().feature() ? TestJvm.JDK17 : TestJvm.JDK25;
        Assumptions.assumeTrue(Files.isExecutable(jdk.resolve("bin/java")), "needs JDK " + s.minJdk() + "+ at " + jdk);
        Assumptions.assumeTrue(s.container() == Scenario.Container.NONE || Files.isWritable(Path.of("/sys/fs/cgroup/memory")),
                "needs a writable cgroup v1 hierarchy");
        try (LabRunner run = LabRunner.start(s, jdk, System.getProperty("java.class.path"), Map.of(), Duration.ofSeconds(60), null)) {
            if (s.container() == Scenario.Container.CPU_QUOTA) Thread.sleep(3000); // throttled periods accumulate
            Cli.Result r = Cli.run("explain", Long.toString(run.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            List<String> ids = new ArrayList<>(), alarming = new ArrayList<>();
            for (JsonNode f : json.get("findings")) {
                ids.add(f.get("id").asText());
                if (!f.get("severity").asText().equals("info")) alarming.add(f.get("id").asText());
            }
            if (s.findings().isEmpty()) {
                assertEquals(List.of(), alarming, "the control raised warnings: " + json.get("findings"));
            } else {
                assertTrue(ids.containsAll(s.findings()), name + " should raise " + s.findings() + "; raised " + ids);
            }
        }
    }
}
