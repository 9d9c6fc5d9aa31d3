// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.lab.LabCgroup;
import io.jrss.lab.LabRunner;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: the lab's oom-kill scenario leaks 40 MiB/s of direct memory in a 768 MiB memory cgroup until the kernel
 * kills it. Under the default watch and under export, a capture is kept at 75% of the limit or more, before the kill,
 * whose ledger names the growing row, and the kill is reported as such; an exit and a user's SIGKILL in the same
 * kind of cgroup are not.
 */
class OomKillIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Scenario SCENARIO = Scenarios.named("oom-kill").orElseThrow();
    /** The scenario leaking 8 s after READY rather than 40 s: the watch attaches at once and the exporter looks every 2 s. */
    static final Scenario OOM_KILL = new Scenario(SCENARIO.name(), SCENARIO.mainClass(), SCENARIO.shows(),
            java.util.stream.Stream.concat(SCENARIO.jvmFlags().stream(), java.util.stream.Stream.of("-Djrss.lab.leakAfter=8")).toList(), SCENARIO.env(),
            SCENARIO.minJdk(), SCENARIO.container(), SCENARIO.findings(), SCENARIO.timeline(), SCENARIO.runTime());
    @TempDir Path tmp;

    @BeforeEach void needsACgroup() {
        String why = LabCgroup.unsupported(OOM_KILL.container());
        Assumptions.assumeTrue(why == null, why);
    }

    static LabRunner start(Scenario s) throws IOException, InterruptedException {
        return LabRunner.start(s, TestJvm.JDK17, System.getProperty("jrss.lab.classes"), Map.of(), Duration.ofSeconds(60), null);
    }

    @Test void theDefaultWatchKeepsACaptureBeforeTheKillAndReportsTheKill() throws Exception {
        JsonNode json;
        try (Locks.Held held = Locks.containerScenario(OOM_KILL.container()); LabRunner lab = start(OOM_KILL)) {
            Cli.Result r = Cli.run(Duration.ofSeconds(90), List.of(), "watch", Long.toString(lab.pid()), "--json", "--record", tmp.resolve("rec").toString());
            assertEquals(0, r.exit(), r.err());
            json = JSON.readTree(r.out());
            assertTrue(lab.waitFor(Duration.ofSeconds(5)) && lab.exitValue() == 137, "the kernel killed it with SIGKILL");
        }
        JsonNode t = json.get("timeline");
        assertEquals("oom_killed", t.get("end").get("reason").asText(), t.get("end").toString());
        JsonNode kill = finding(json, "container-limit-risk");
        assertEquals("critical", kill.get("severity").asText());
        assertTrue(kill.get("title").asText().startsWith("The kernel's OOM killer ended the JVM"), kill.toString());
        String killAt = null, lastCapture = null, lastCaptureAt = null;
        int captures = 0;
        for (JsonNode e : t.get("events")) {
            if (e.get("what").asText().equals("oom-kill")) killAt = e.get("time").asText();
            // a capture at a fraction ("at 90% of ..."), not one on memory stalls ("when its memory stalls rose ...")
            if (e.get("what").asText().equals("limit-capture") && e.get("text").asText().startsWith("at ")) { captures++; lastCapture = e.get("text").asText(); lastCaptureAt = e.get("time").asText(); }
        }
        assertNotNull(killAt, "an oom-kill event: " + t.get("events"));
        assertNotNull(lastCapture, "a capture before the kill: " + t.get("events"));
        assertTrue(lastCaptureAt.compareTo(killAt) < 0, lastCaptureAt + " before " + killAt);
        assertAtLeast75AndNamesTheRow(lastCapture);
        assertTrue(captures <= 2, "one capture per fraction, 75% and 90%: " + captures);
        Cli.Result replay = Cli.run("analyze", tmp.resolve("rec").toString(), "--json");
        assertEquals(json.get("findings"), JSON.readTree(replay.out()).get("findings"), "the same verdict from the recording");
    }

    @Test void theExporterKeepsACaptureCountsTheKillAndKeepsTheVerdict() throws Exception {
        Path log = tmp.resolve("export.log"), captures = tmp.resolve("captures");
        int port;
        try (ServerSocket s = new ServerSocket(0)) { port = s.getLocalPort(); }
        try (Locks.Held held = Locks.containerScenario(OOM_KILL.container()); LabRunner lab = start(OOM_KILL)) {
            Process exporter = new ProcessBuilder(Cli.java(), "-jar", Cli.jar(), "export", "--listen", "127.0.0.1:" + port, "--interval", "2s",
                    "--include", "OomKill", "--captures", captures.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (System.nanoTime() < deadline && !Files.readString(log).contains("was killed by the kernel")) Thread.sleep(500);
                String said = Files.readString(log);
                assertTrue(said.contains("pid " + lab.pid() + " (io.jrss.lab.OomKill) was killed by the kernel's OOM killer"), said);
                String metrics = Scrape.of("http://127.0.0.1:" + port + "/metrics");
                assertTrue(metrics.contains("jrss_oom_kills_total{container=\"\",jvm=\"io.jrss.lab.OomKill\",pod=\"\"} 1.0"), metrics);
                assertTrue(metrics.contains("jrss_finding{container=\"\",id=\"container-limit-risk\",jvm=\"io.jrss.lab.OomKill\",pid=\"" + lab.pid()
                        + "\",pod=\"\",severity=\"critical\"} 1.0"), "the last verdict stays after the kill");
                Matcher m = Pattern.compile("jrss_last_capture_info\\{[^}]*path=\"([^\"]+)\"[^}]*pid=\"" + lab.pid() + "\"").matcher(metrics);
                assertTrue(m.find(), metrics);
                Path capture = Path.of(m.group(1));
                assertTrue(capture.startsWith(captures), capture.toString());
                int pct = Integer.parseInt(capture.getFileName().toString().replaceAll(".*-(\\d+)pct$", "$1"));
                assertTrue(pct >= 75, capture.toString());
                assertTopRow(capture);
            } finally {
                exporter.destroy();
                exporter.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    static final int ENDS_AFTER_SECONDS = 10;

    @Test void anExitAndAUsersSigkillAreNotOomKills() throws Exception {
        for (boolean sigkill : List.of(false, true)) {
            // 10 s, well inside the lab's 40 s of quiet: on CI's two loaded cores, 3 s once ended before the first full sample
            Scenario s = sigkill ? OOM_KILL : OOM_KILL.exitingAfter(ENDS_AFTER_SECONDS);
            try (Locks.Held held = Locks.containerScenario(s.container()); LabRunner lab = start(s)) {
                List<String> args = new ArrayList<>(List.of("watch", Long.toString(lab.pid()), "--interval", "1s", "--json"));
                Process killer = sigkill ? new ProcessBuilder("sh", "-c", "sleep " + ENDS_AFTER_SECONDS + "; kill -KILL " + lab.pid()).start() : null;
                Cli.Result r = Cli.run(Duration.ofSeconds(60), List.of(), args.toArray(String[]::new));
                if (killer != null) killer.waitFor(10, TimeUnit.SECONDS);
                assertEquals(0, r.exit(), r.err());
                JsonNode json = JSON.readTree(r.out());
                assertEquals("target_exited", json.get("timeline").get("end").get("reason").asText(), (sigkill ? "SIGKILL: " : "exit: ") + json.get("timeline").get("end"));
                for (JsonNode e : json.get("timeline").get("events")) assertFalse(e.get("what").asText().equals("oom-kill"), e.toString());
                JsonNode f = finding(json, "container-limit-risk");
                assertTrue(f == null || !f.get("title").asText().contains("OOM killer"), String.valueOf(f));
            }
        }
    }

    /** The capture's own ledger: direct buffers are its largest row, and it is at least 75% of the limit. */
    static void assertAtLeast75AndNamesTheRow(String text) throws Exception {
        Matcher share = Pattern.compile("^at (\\d+)% of its 768 MiB limit").matcher(text);
        assertTrue(share.find() && Integer.parseInt(share.group(1)) >= 75, text);
        assertTrue(text.contains("direct-buffers grew most"), text);
        Matcher dir = Pattern.compile("\\(kept in (.+)\\)$").matcher(text);
        assertTrue(dir.find(), text);
        assertTopRow(Path.of(dir.group(1)));
    }

    static void assertTopRow(Path capture) throws Exception {
        Cli.Result a = Cli.run("analyze", capture.toString(), "--json");
        assertEquals(0, a.exit(), a.err());
        assertEquals("direct-buffers", JSON.readTree(a.out()).get("ledger").get(0).get("id").asText(), a.out());
    }

    static JsonNode finding(JsonNode json, String id) {
        for (JsonNode f : json.get("findings")) if (f.get("id").asText().equals(id)) return f;
        return null;
    }
}
