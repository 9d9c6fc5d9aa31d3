// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every lab scenario through jrss's own analysis, on every JDK of the matrix (11, 17, 21, 25): jrss explain on the
 * running scenario raises the scenario's finding ids, and the healthy control raises no warning or critical finding.
 * On a JDK older than the scenario's phenomenon, {@code jrss lab run --jdk} refuses and says why. (On JDK 11.0.13,
 * whose VM.info prints no glibc figures, glibc-fragmentation is raised from glibc's arenas read from outside.) Scenarios whose findings need a timeline cannot be judged from one snapshot: they are
 * skipped here and judged by jrss run and jrss watch in LabRunWatchIT.
 */
@Order(1) // among the longest: started first (junit-platform.properties)
@ResourceLock(value = Locks.HOST_CPU, mode = ResourceAccessMode.READ) // several JVMs at once: not beside LabRunWatchIT or LabBatchIT (Locks.HOST_CPU)
class LabFindingsIT {
    /** code-cache-full took over 60 s to be READY on JDK 25 with other tests running (it fits more copies there, each round calls all). */
    static final Duration READY_WITHIN = Duration.ofSeconds(150);

    static Stream<Arguments> scenarios() {
        List<Arguments> out = new ArrayList<>();
        for (Scenario s : Scenarios.all()) for (int jdk : TestJvm.MATRIX) out.add(Arguments.of(s.name(), jdk));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on JDK {1}")
    @MethodSource("scenarios")
    void explainRaisesTheScenariosFindings(String name, int feature) throws Exception {
        Scenario s = Scenarios.named(name).orElseThrow();
        Assumptions.assumeFalse(s.timeline(), name + " needs a timeline (" + s.findings()
                + " are judged over time): see LabRunWatchIT");
        String absent = TestJvm.absent(feature);
        Assumptions.assumeTrue(absent == null, absent);
        Path jdk = TestJvm.jdk(feature);
        if (feature < s.minJdk()) {
            Cli.Result r = Cli.run("lab", "run", name, "--jdk", jdk.toString(), "--duration", "1s");
            assertNotEquals(0, r.exit(), name + " started on JDK " + feature + ": " + r.out());
            assertTrue(r.err().contains("needs JDK " + s.minJdk() + "+") && r.err().contains(Scenarios.whyMinJdk(s)),
                    "jrss lab run on JDK " + feature + " should say why " + name + " needs " + s.minJdk() + "+: " + r.err());
            return;
        }
        Assumptions.assumeTrue(s.container() == Scenario.Container.NONE || Files.isWritable(Path.of("/sys/fs/cgroup/memory")),
                "needs a writable cgroup v1 hierarchy");
        try (Locks.Held held = Locks.containerScenario(s.container());
             LabRunner run = LabRunner.start(s, jdk, System.getProperty("java.class.path"), Map.of(), READY_WITHIN, null)) {
            if (s.container() == Scenario.Container.CPU_QUOTA) Thread.sleep(3000); // throttled periods accumulate
            Cli.Result r = Cli.run("explain", Long.toString(run.pid()), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertTrue(json.at("/target/java_version").asText().startsWith(feature + "."), "the target runs on " + json.get("target"));
            List<String> ids = new ArrayList<>(), alarming = new ArrayList<>();
            for (JsonNode f : json.get("findings")) {
                ids.add(f.get("id").asText());
                if (!f.get("severity").asText().equals("info")) alarming.add(f.get("id").asText());
            }
            if (s.findings().isEmpty()) {
                assertEquals(List.of(), alarming, "the control raised warnings: " + json.get("findings"));
            }
            for (String id : s.findings()) {
                assertTrue(ids.contains(id), name + " on JDK " + feature + " should raise " + id + "; raised " + ids + whyNot(json, id));
            }
            List<String> problems = new ArrayList<>();
            // issue 28: mapped-files names its file from explain's smaps; the others' readings are a watch's (LabRunWatchIT)
            if (io.jrss.lab.ScenarioCulprit.of(name).filter(io.jrss.lab.ScenarioCulprit::explain).isPresent()) {
                LabRunWatchIT.culprit(s, "jrss explain on JDK " + feature, json, problems);
            }
            assertEquals(List.of(), problems);
        }
    }

    /** The reason explain gives for not evaluating a rule, or "" when it does not name the rule. */
    static String whyNot(JsonNode json, String rule) {
        for (JsonNode n : json.path("not_evaluated")) {
            if (n.path("rule").asText().equals(rule) && !n.path("reason").asText().isBlank()) return "; not evaluated: " + n.path("reason").asText();
        }
        return "";
    }
}
