// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import io.jrss.core.snapshot.SnapshotParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of real outputs people posted (src/test/resources/corpus/, each case with its origin and the cause its
 * thread concluded, written down before jrss ran on it): every output parses, the healthy cases raise nothing
 * alarming, and over all cases whose thread concluded a cause, jrss finds at least {@link #MIN_HIT_RATE} of the
 * expected finding ids. The hit rate per id is printed; a miss is a reader or a rule to fix, never an expectation
 * to edit.
 */
class CorpusTest {
    static final int MIN_CASES = 80;
    static final double MIN_HIT_RATE = 0.90;

    static Stream<String> cases() throws Exception { return CorpusCase.names().stream(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyOutputParsesAndHealthyCasesRaiseNoAlarm(String name) throws Exception {
        CorpusCase c = CorpusCase.read(name);
        assertFalse(c.origin().isBlank(), name + " names its origin");
        Inputs.Assembled a = Inputs.assemble(c.inputs());
        Diagnosis d = Diagnosis.of(SnapshotParser.parse(a.capture()));
        List<String> unparsed = new ArrayList<>();
        for (Unavailable u : d.unavailable()) if (u.reason().startsWith("could not parse")) unparsed.add(u.reading() + ": " + u.reason());
        assertEquals(List.of(), unparsed, name + ": outputs found " + a.found());
        if (c.healthy()) {
            List<String> alarming = PastedVerdict.of(a.capture()).findings().stream().filter(f -> f.severity() != Severity.info).map(Finding::id).toList();
            assertEquals(List.of(), alarming, name + " is healthy; found " + a.found());
        }
    }

    @Test
    void concludedCausesAreFound() throws Exception {
        Map<String, int[]> byId = new TreeMap<>(); // id -> {found, expected}
        List<String> misses = new ArrayList<>();
        int cases = 0;
        for (String name : CorpusCase.names()) {
            cases++;
            CorpusCase c = CorpusCase.read(name);
            if (c.healthy() || c.expect().isEmpty()) continue;
            List<String> raised;
            try {
                raised = PastedVerdict.of(Inputs.assemble(c.inputs()).capture()).findings().stream().map(Finding::id).toList();
            } catch (io.jrss.core.parse.ParseException e) {
                raised = List.of("(unread: " + e.getMessage() + ")");
            }
            for (String id : c.expect()) {
                int[] n = byId.computeIfAbsent(id, k -> new int[2]);
                n[1]++;
                if (raised.contains(id)) n[0]++;
                else misses.add(name + ": expected " + id + ", raised " + raised + " (" + c.cause() + ")");
            }
        }
        int found = byId.values().stream().mapToInt(n -> n[0]).sum(), expected = byId.values().stream().mapToInt(n -> n[1]).sum();
        StringBuilder report = new StringBuilder("[corpus] " + cases + " cases; concluded causes found: " + found + " of " + expected
                + String.format(" (%.0f%%)%n", 100.0 * found / Math.max(1, expected)));
        byId.forEach((id, n) -> report.append(String.format("[corpus]   %-24s %3d of %3d%n", id, n[0], n[1])));
        misses.forEach(m -> report.append("[corpus]   miss: ").append(m).append('\n'));
        System.out.print(report);
        assertTrue(cases >= MIN_CASES, "the corpus has " + cases + " cases; it needs at least " + MIN_CASES);
        assertTrue(found >= MIN_HIT_RATE * expected, report.toString());
    }
}
