// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.analysis.PastedVerdict;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Severity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The blind batches of 2026-11 (src/test/resources/blind-2026-11/, blind-2026-11b/, blind-2026-11c/, blind-2026-11d/ and blind-2026-11e/, each README
 * has the numbers measured blind and after reading the misses): every case ends cleanly (its outputs read, or one line
 * of error), no healthy case raises a warning, and at least the last measured count of concluded causes is found. The
 * batches are no longer blind: they keep that count from slipping, nothing more.
 */
class BlindBatchTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"blind-2026-11, 34", "blind-2026-11b, 31", "blind-2026-11c, 26", "blind-2026-11d, 18", "blind-2026-11e, 27"})
    void keepsItsCountAndRaisesNoAlarmOnHealthyCases(String batch, int least) throws Exception {
        Path root = CorpusCase.root("/" + batch);
        int found = 0, expected = 0;
        List<String> misses = new ArrayList<>(), alarms = new ArrayList<>();
        for (String name : CorpusCase.names(root)) {
            CorpusCase c = CorpusCase.read(root, name);
            List<Finding> raised;
            try {
                raised = PastedVerdict.of(Inputs.assemble(c.inputs()).capture()).findings();
            } catch (io.jrss.core.parse.ParseException e) { // a one-line error is a clean end
                raised = List.of();
            }
            List<String> ids = raised.stream().map(Finding::id).toList();
            if (c.healthy()) raised.stream().filter(f -> f.severity() != Severity.info).forEach(f -> alarms.add(name + ": " + f.id()));
            for (String id : c.expect()) {
                expected++;
                if (ids.contains(id)) found++;
                else misses.add(name + ": expected " + id + ", raised " + ids);
            }
        }
        String report = String.format("[%s] concluded causes found: %d of %d%n", batch, found, expected) + String.join("\n", misses);
        System.out.println(report);
        assertEquals(List.of(), alarms, "healthy cases raised warnings");
        assertTrue(found >= least, report);
    }
}
