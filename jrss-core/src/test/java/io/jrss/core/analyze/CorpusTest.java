// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.model.Unavailable;
import io.jrss.core.parse.SnapshotParser;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of real outputs people posted (src/test/resources/corpus/, each case with its origin and the cause its
 * thread concluded in case.properties): every case is read, every output in it parses, the concluded cause is
 * reached where the data supports it ({@code expect}), and the healthy ones raise nothing alarming.
 */
class CorpusTest {
    static Stream<String> cases() throws Exception {
        Path root = Path.of(Objects.requireNonNull(CorpusTest.class.getResource("/corpus")).toURI());
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    static Path dir(String name) throws Exception {
        return Path.of(Objects.requireNonNull(CorpusTest.class.getResource("/corpus/" + name)).toURI());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachCaseIsReadAndReachesItsCause(String name) throws Exception {
        Path dir = dir(name);
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(dir.resolve("case.properties"), StandardCharsets.UTF_8)));
        assertFalse(p.getProperty("origin", "").isBlank(), name + " names its origin");
        List<Inputs.Named> inputs = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> !f.getFileName().toString().equals("case.properties")).sorted().toList()) {
                inputs.add(new Inputs.Named(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8)));
            }
        }
        Inputs.Assembled a = Inputs.assemble(inputs);
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(a.capture()));
        List<String> unparsed = new ArrayList<>();
        for (Unavailable u : d.unavailable()) if (u.reason().startsWith("could not parse")) unparsed.add(u.reading() + ": " + u.reason());
        assertEquals(List.of(), unparsed, name + ": outputs found " + a.found());
        List<String> ids = d.findings().stream().map(Finding::id).toList();
        List<String> expect = Arrays.stream(p.getProperty("expect", "").split(",")).map(String::strip).filter(x -> !x.isEmpty()).toList();
        if (expect.contains("healthy")) {
            List<String> alarming = d.findings().stream().filter(f -> f.severity() != Severity.info).map(Finding::id).toList();
            assertEquals(List.of(), alarming, name + " is healthy; found " + a.found());
        } else {
            for (String id : expect) assertTrue(ids.contains(id), name + ": expected " + id + " (" + p.getProperty("cause") + "), raised " + ids + "; found " + a.found());
        }
    }
}
