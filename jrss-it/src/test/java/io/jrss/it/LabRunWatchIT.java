// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.lab.LabCgroup;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The acceptance of the watch issue on the real jar: every lab scenario gets its expected finding ids as its top
 * findings within its run time, from {@code jrss run} and from {@code jrss watch} on the running scenario; the
 * recorded watch, analysed again offline, gives the same findings; and the healthy control runs for five minutes
 * (alongside the other scenarios) with no warning or critical finding.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LabRunWatchIT {
    static final Duration HEALTHY_FOR = Duration.ofMinutes(5);
    @TempDir static Path work;
    private CompletableFuture<RunAndWatch.Outcome> healthy;
    private Path healthyDir;

    static Stream<String> scenarios() { return Scenarios.all().stream().filter(s -> !s.findings().isEmpty()).map(Scenario::name); }

    static Path jdk(Scenario s) { return s.minJdk() <= Runtime.version().feature() ? TestJvm.JDK17 : TestJvm.JDK25; }

    @BeforeAll
    void startHealthy() throws Exception {
        Scenario s = Scenarios.named("healthy").orElseThrow();
        healthyDir = Files.createDirectories(work.resolve("healthy"));
        healthy = CompletableFuture.supplyAsync(() -> {
            try {
                return RunAndWatch.of(s, TestJvm.JDK17, HEALTHY_FOR, Duration.ofSeconds(5), healthyDir);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void runAndWatchRaiseTheScenariosFindings(String name) throws Exception {
        Scenario s = Scenarios.named(name).orElseThrow();
        Path jdk = jdk(s);
        Assumptions.assumeTrue(Files.isExecutable(jdk.resolve("bin/java")), "needs JDK " + s.minJdk() + "+ at " + jdk);
        Assumptions.assumeTrue(LabCgroup.unsupported(s.container()) == null, "needs a writable cgroup v1 hierarchy");
        RunAndWatch.Outcome o = RunAndWatch.of(s, jdk, s.runTime(), Duration.ofSeconds(1), Files.createDirectories(work.resolve(name)));
        assertNotNull(o.run(), "jrss run printed no JSON:\n" + tail(o.runErr()));
        assertTop(s, "jrss run", o.run());
        assertNotNull(o.watch(), "jrss watch printed no JSON:\n" + tail(o.watchErr()));
        assertTop(s, "jrss watch", o.watch());
        Cli.Result offline = Cli.run("analyze", o.recording().toString(), "--json");
        assertEquals(0, offline.exit(), offline.err());
        JsonNode replay = RunAndWatch.JSON.readTree(offline.out());
        assertEquals(RunAndWatch.ids(o.watch()), RunAndWatch.ids(replay), "the recording read back gives the watch's findings");
        assertEquals(o.watch().get("ledger"), replay.get("ledger"), "and its ledger");
    }

    private static void assertTop(Scenario s, String how, JsonNode json) {
        List<String> ids = RunAndWatch.ids(json);
        assertTrue(ids.size() >= s.findings().size(), how + " on " + s.name() + " raised " + ids + ", expected " + s.findings());
        assertEquals(new HashSet<>(s.findings()), new HashSet<>(ids.subList(0, s.findings().size())),
                how + " on " + s.name() + ": the top findings should be " + s.findings() + "; all: " + json.get("findings"));
    }

    @AfterAll
    void healthyRaisedNothingInFiveMinutes() throws Exception {
        RunAndWatch.Outcome o = healthy.get(HEALTHY_FOR.toSeconds() + 180, TimeUnit.SECONDS);
        assertNotNull(o.run(), "jrss run printed no JSON:\n" + tail(o.runErr()));
        assertNotNull(o.watch(), "jrss watch printed no JSON:\n" + tail(o.watchErr()));
        assertTrue(o.run().get("timeline").get("span_seconds").asDouble() >= HEALTHY_FOR.toSeconds() - 10, "ran for 5 minutes");
        assertEquals(List.of(), RunAndWatch.alarming(o.run()), "jrss run on healthy: " + o.run().get("findings"));
        assertEquals(List.of(), RunAndWatch.alarming(o.watch()), "jrss watch on healthy: " + o.watch().get("findings"));
    }

    static String tail(String s) { return s.length() <= 4000 ? s : s.substring(s.length() - 4000); }
}
