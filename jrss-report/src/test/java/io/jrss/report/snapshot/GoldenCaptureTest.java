// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.capture.CaptureDirectory;
import io.jrss.core.snapshot.SnapshotParser;
import io.jrss.report.Reporter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole pipeline on real captures (jrss-core/src/test/resources/captures/<jdk>-<gc>-<scenario>/, each with a
 * README of how it was made): capture → snapshot → ledger and findings → JSON and text, compared with expected/.
 * -Djrss.golden.update=true rewrites expected/; the diff is the review.
 */
class GoldenCaptureTest {
    static Stream<Path> captures() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("jrss.captures")))) {
            return s.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void givesTheExpectedAnswer(Path dir) throws Exception {
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(CaptureDirectory.read(dir)));
        JsonNode json = SnapshotJson.of(d, Reporter.JRSS_VERSION);
        long sum = 0;
        for (JsonNode row : json.get("ledger")) sum += row.get("bytes").asLong();
        assertEquals(json.get("rss_bytes").asLong(), sum, "rows sum to the RSS");
        StringWriter text = new StringWriter();
        new SnapshotText(false).render(d, new PrintWriter(text));
        check(dir.resolve("expected/explain.json"), json.toPrettyString() + "\n");
        check(dir.resolve("expected/explain.txt"), text.toString());
    }

    static void check(Path expected, String actual) throws Exception {
        if (Boolean.getBoolean("jrss.golden.update")) {
            Files.createDirectories(expected.getParent());
            Files.writeString(expected, actual);
            return;
        }
        assertTrue(Files.exists(expected), "no " + expected + ": run with -Djrss.golden.update=true and review it");
        assertEquals(Files.readString(expected), actual, "differs from " + expected);
    }
}
