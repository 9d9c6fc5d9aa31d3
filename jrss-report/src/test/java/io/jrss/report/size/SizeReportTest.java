// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.core.analysis.TimelineAssembler;
import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.result.SizeResult;
import io.jrss.core.size.Sizer;
import io.jrss.core.size.Sizing;
import io.jrss.report.Reporter;
import io.jrss.report.shared.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** jrss size of a golden capture as text, JSON and HTML: the same limit, parts and forms in each (docs/json.md, "size"). */
class SizeReportTest {
    static SizeResult sized(String capture) throws Exception {
        TimelineAssembler a = new TimelineAssembler(0, Duration.ZERO);
        a.add(CaptureDirectory.read(Path.of(System.getProperty("jrss.captures"), capture)));
        TimelineDiagnosis d = a.diagnose();
        return new SizeResult(capture, Sizer.of(d), d, null);
    }

    static String render(Reporter r, SizeResult result) {
        StringWriter out = new StringWriter();
        r.write(result, "jrss size x", new PrintWriter(out));
        return out.toString();
    }

    @Test void theThreeReportsShowTheSameLimitAndParts() throws Exception {
        SizeResult r = sized("jdk25-g1-native-mix");
        Sizing s = r.sizing();
        JsonNode json = Json.MAPPER.readTree(render(Reporter.json(), r));
        assertEquals(s.limit().value(), json.get("limit_bytes").asLong());
        assertEquals(s.rows().size(), json.get("rows").size());
        assertEquals("low", json.get("confidence").asText());
        assertTrue(json.get("refused").isNull());
        assertEquals("2", json.get("env").get("MALLOC_ARENA_MAX").asText());
        assertTrue(json.get("buildpack").get("under_provisions").asBoolean());
        assertTrue(json.get("forms").get("kubernetes").asText().contains("memory: " + (s.limit().value() >> 20) + "Mi"));
        String text = render(Reporter.text(false), r);
        assertTrue(text.contains("limit " + s.limit().toIec()) && text.contains("MALLOC_ARENA_MAX=2") && text.contains("would have had it killed"), text);
        for (var row : s.rows()) assertTrue(text.contains(row.id()), row.id());
        String html = render(Reporter.html(), r);
        assertTrue(html.startsWith("<!DOCTYPE html>") || html.startsWith("<!doctype html>"), html.substring(0, 40));
        assertTrue(html.contains(s.limit().toIec()) && html.contains("jrss-data") && html.contains("unseen"));
    }
}
