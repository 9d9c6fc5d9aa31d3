// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.result.TimelineResult;
import io.jrss.core.timeline.WatchEnd;
import io.jrss.report.Reporter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The ledger at peak beside the end is chosen once: the text and the HTML list the rows the view chose, unattributed among them. */
class PeakRowTest {
    @Test void textAndHtmlListTheRowsTheViewChose() throws Exception {
        Capture g = CaptureDirectory.read(Path.of(System.getProperty("jrss.captures"), "jdk17-g1-native-mix"));
        TimelineAssembler a = new TimelineAssembler(4242, Duration.ofSeconds(10));
        a.add(sample(g, 0, g.text(CaptureFiles.SMAPS).orElseThrow()));
        String smaps = g.text(CaptureFiles.SMAPS).orElseThrow();
        a.add(sample(g, 10, smaps.substring(0, smaps.length() / 2).replaceAll("\n[^\n]*$", "\n")));
        TimelineResult r = new TimelineResult(a.diagnose(), new WatchEnd(WatchEnd.Reason.duration, "after 10 s"), List.of());
        TimelineView v = TimelineView.of(r);
        assertTrue(v.peakShown(), "the first full sample is the peak");
        List<String> chosen = v.peakRows().stream().map(PeakRow::id).toList();
        assertTrue(chosen.size() > 3 && chosen.contains("unattributed"), chosen.toString());

        StringWriter text = new StringWriter();
        Reporter.text(false).write(r, "jrss watch 4242", new PrintWriter(text));
        String peak = text.toString().split("Ledger at peak RSS")[1].split("\n  RSS ")[0];
        assertEquals(chosen, ids(Pattern.compile("(?m)^  (\\S+) ").matcher(peak.substring(peak.indexOf('\n', peak.indexOf('\n') + 1)))));

        StringWriter html = new StringWriter();
        Reporter.html().write(r, "jrss watch 4242", new PrintWriter(html));
        String table = html.toString().split("at peak RSS \\(")[1].split("<tr><td><b>RSS")[0];
        assertEquals(chosen, ids(Pattern.compile("<tr><td>([^<]+)</td>").matcher(table)));
    }

    static Capture sample(Capture g, int second, String smaps) {
        Map<String, String> info = new HashMap<>(g.info()), texts = new HashMap<>(g.texts());
        info.put("captured_at", Instant.parse("2026-11-27T06:00:00Z").plusSeconds(second).toString());
        texts.put(CaptureFiles.SMAPS, smaps);
        return new Capture(info, texts, g.entries());
    }

    static List<String> ids(Matcher m) {
        List<String> ids = new ArrayList<>();
        while (m.find()) ids.add(m.group(1));
        return ids;
    }
}
