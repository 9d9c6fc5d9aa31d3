// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.RecordingWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTML reports opened in headless Chromium (Debian's package, which ./test installs): each loads with no console
 * error and no network request, its charts are drawn with the number of series the JSON of the same input calls
 * for, and a screenshot is kept in target/screenshots. Inputs: real captures of the lab's NativeMix, a JFR
 * recording of the thread-leak scenario, a live jrss run of thread-leak, and a one-hour recording at 1 s.
 */
class HtmlReportIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path SHOTS = Path.of(System.getProperty("jrss.screenshots"));
    @TempDir static Path tmp;
    static Chromium chrome;

    @BeforeAll static void browser() throws Exception {
        assertTrue(Files.isExecutable(Chromium.BINARY), "needs Debian's chromium at " + Chromium.BINARY + " (./test installs it)");
        Files.createDirectories(SHOTS);
        chrome = Chromium.start(Files.createDirectories(tmp.resolve("profile")));
        chrome.send("Page.enable", Map.of());
        chrome.send("Runtime.enable", Map.of());
        chrome.send("Log.enable", Map.of());
        chrome.send("Network.enable", Map.of());
    }

    @AfterAll static void close() { if (chrome != null) chrome.close(); }

    static Path captures() { return Path.of(System.getProperty("jrss.captures")); }

    @Test void snapshotReportsOfRealCaptures() throws Exception {
        for (String name : List.of("jdk17-g1-native-mix", "jdk25-g1-native-mix", "jdk17-zgc-native-mix-nmt-off")) {
            Path in = captures().resolve(name);
            Opened o = report(name, in.toString());
            JsonNode json = json("explain", "--capture", in.toString(), "--json");
            assertEquals(ledgerSeries(json), o.charts.get("ledger").asInt(), name + ": one series per ledger row");
            assertTrue(o.charts.get("timeline") == null, "no timeline in a snapshot");
        }
    }

    @Test void aJfrRecordingAndALiveRun() throws Exception {
        Path jfr = captures().resolveSibling("jfr").resolve("jdk25-thread-leak.jfr");
        Opened o = report("jfr-thread-leak", jfr.toString());
        JsonNode json = json("analyze", jfr.toString(), "--json");
        assertEquals(timelineSeries(json), o.charts.get("timeline").asInt(), "RSS (no full samples in JFR, so no rows)");

        Path html = tmp.resolve("run-thread-leak.html");
        Cli.Result run = Cli.run("run", "--interval", "1s", "--full-interval", "5s", "--duration", "20s", "--json", "--html", html.toString(), "--",
                Cli.java(), "-Xmx256m", "-cp", System.getProperty("jrss.lab.classes"), "io.jrss.lab.ThreadLeak");
        assertEquals(0, run.exit(), run.err());
        JsonNode runJson = JSON.readTree(run.out());
        Opened live = open("run-thread-leak", html);
        assertEquals(timelineSeries(runJson), live.charts.get("timeline").asInt(), "rows, RSS");
        assertTrue(live.charts.get("markers").asInt() >= 1, "a marker where thread-leak was raised");
    }

    @Test void aDiffOfTwoCaptures() throws Exception {
        Path a = captures().resolve("jdk17-g1-native-mix"), b = captures().resolve("jdk17-g1-fragmentation-tcmalloc");
        Path html = tmp.resolve("diff.html");
        Cli.Result r = Cli.run("diff", a.toString(), b.toString(), "--json", "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        long rows = 0;
        for (JsonNode row : JSON.readTree(r.out()).get("ledger")) if (row.get("before").asLong() > 0 || row.get("after").asLong() > 0) rows++;
        assertEquals(rows, open("diff-glibc-tcmalloc", html).charts.get("diff").asLong(), "one pair of bars per row with bytes on a side");
    }

    @Test void aOneHourRecordingAtOneSecondOpensInUnderTwoSeconds() throws Exception {
        Path rec = oneHourRecording();
        Opened o = report("one-hour-recording", rec.toString());
        assertTrue(o.readyMillis < 2000, "charts drawn " + o.readyMillis + " ms after navigation");
        System.out.println("HtmlReportIT: one-hour recording report (" + Files.size(o.file) / 1024 + " KiB) ready in " + o.readyMillis + " ms");
    }

    record Opened(Path file, JsonNode charts, double readyMillis) {}

    static Opened report(String name, String input) throws Exception {
        Path html = tmp.resolve(name + ".html");
        Cli.Result r = Cli.run("report", input, "-o", html.toString());
        assertEquals(0, r.exit(), r.err());
        return open(name, html);
    }

    static Opened open(String name, Path html) throws Exception {
        int from = chrome.events.size();
        chrome.send("Page.navigate", Map.of("url", html.toUri().toString()));
        assertNotNull(chrome.await("Page.loadEventFired", from, 30_000), name + " did not load");
        JsonNode ready = null;
        for (int i = 0; i < 300 && (ready == null || ready.isNull() || ready.isMissingNode()); i++) {
            ready = chrome.send("Runtime.evaluate", Map.of("expression", "window.jrssReady", "returnByValue", true)).at("/result/value");
            if (ready.isMissingNode() || ready.isNull()) Thread.sleep(20);
        }
        assertTrue(ready != null && ready.isNumber(), name + ": the charts were not drawn");
        JsonNode charts = JSON.readTree(chrome.send("Runtime.evaluate", Map.of("expression", "JSON.stringify(window.jrssCharts)", "returnByValue", true))
                .at("/result/value").asText());
        List<String> problems = new ArrayList<>();
        for (int i = from; i < chrome.events.size(); i++) {
            JsonNode e = chrome.events.get(i);
            String m = e.get("method").asText();
            if (m.equals("Runtime.exceptionThrown")) problems.add("exception: " + e.at("/params/exceptionDetails"));
            if (m.equals("Runtime.consoleAPICalled") && List.of("error", "assert").contains(e.at("/params/type").asText())) problems.add("console: " + e.at("/params/args"));
            if (m.equals("Log.entryAdded") && e.at("/params/entry/level").asText().equals("error")) problems.add("log: " + e.at("/params/entry/text"));
            if (m.equals("Network.requestWillBeSent")) {
                String url = e.at("/params/request/url").asText();
                if (!url.equals(html.toUri().toString()) && !url.startsWith("data:")) problems.add("request: " + url);
            }
        }
        assertEquals(List.of(), problems, name);
        String png = chrome.send("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true)).get("data").asText();
        Files.write(SHOTS.resolve(name + ".png"), Base64.getDecoder().decode(png));
        return new Opened(html, charts, ready.asDouble());
    }

    static JsonNode json(String... args) throws Exception {
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.exit(), r.err());
        return JSON.readTree(r.out());
    }

    /** The rows the bars show: every row with bytes, and unattributed, at the end and (for a watch) at peak RSS. */
    static int ledgerSeries(JsonNode json) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        List<JsonNode> ledgers = new java.util.ArrayList<>(List.of(json.get("ledger")));
        JsonNode peak = json.get("peak");
        if (peak != null && !peak.get("captured_at").equals(json.get("captured_at"))) ledgers.add(peak.get("ledger"));
        for (JsonNode l : ledgers) {
            for (JsonNode r : l) if (r.get("bytes").asLong() > 0 || r.get("id").asText().equals("unattributed")) ids.add(r.get("id").asText());
        }
        return ids.size();
    }

    /** The timeline's series: each row with bytes in some full sample, the RSS line, and the container and heap limits where known. */
    static int timelineSeries(JsonNode json) {
        JsonNode tl = json.get("timeline");
        java.util.Set<String> rows = new java.util.HashSet<>();
        for (JsonNode s : tl.get("samples")) {
            if (s.get("full").asBoolean()) s.get("rows").fields().forEachRemaining(e -> { if (e.getValue().asLong() > 0) rows.add(e.getKey()); });
        }
        return rows.size() + 1 + (tl.get("limits").has("rss") ? 1 : 0) + (tl.get("limits").has("heap_committed") ? 1 : 0);
    }

    /** 3,600 samples 1 s apart from a real capture (an injected clock), every 60th full, as jrss watch --record writes them. */
    static Path oneHourRecording() throws Exception {
        Capture base = CaptureDirectory.read(captures().resolve("jdk17-g1-native-mix"));
        Path dir = tmp.resolve("one-hour");
        RecordingWriter w = RecordingWriter.create(dir, Map.of("pid", "911", "interval_ms", "1000"));
        Instant t0 = Instant.parse("2026-11-21T10:00:00Z");
        List<String> cheap = List.of(CaptureFiles.VM_VERSION, CaptureFiles.VM_FLAGS, CaptureFiles.STATUS, CaptureFiles.SMAPS_ROLLUP,
                CaptureFiles.NMT_SUMMARY, CaptureFiles.HEAP_INFO, CaptureFiles.VM_INFO);
        for (int i = 0; i < 3600; i++) {
            Map<String, String> info = new HashMap<>(base.info());
            info.put("captured_at", t0.plusSeconds(i).toString());
            boolean full = i % 60 == 0 || i == 3599;
            Map<String, String> texts = new HashMap<>();
            List<CaptureEntry> entries = new ArrayList<>();
            for (CaptureEntry e : base.entries()) {
                if (!full && !cheap.contains(e.file())) continue;
                entries.add(e);
                base.text(e.file()).ifPresent(t -> texts.put(e.file(), t));
            }
            w.add(new Capture(info, texts, entries));
        }
        return dir;
    }
}
