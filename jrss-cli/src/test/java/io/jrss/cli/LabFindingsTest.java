// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.rules.Findings;
import io.jrss.lab.Scenario;
import io.jrss.lab.Scenarios;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lab and the catalogue of findings agree: every finding a lab scenario expects is catalogued, and the scenario
 * the catalogue names for a finding exists and expects it. Here because the CLI is the module that sees both.
 */
class LabFindingsTest {
    @Test void everyScenarioExpectsCataloguedFindings() {
        List<String> unknown = Scenarios.all().stream().flatMap(s -> s.findings().stream().filter(f -> Findings.of(f).isEmpty())
                .map(f -> s.name() + ": " + f)).toList();
        assertEquals(List.of(), unknown);
    }

    @Test void theScenarioOfEveryFindingReproducesIt() {
        for (Findings.Entry e : Findings.all()) {
            if (e.scenario() == null) continue;
            Scenario s = Scenarios.named(e.scenario()).orElseThrow(() -> new AssertionError(e.id() + ": no lab scenario " + e.scenario()));
            assertTrue(s.findings().contains(e.id()), e.id() + ": lab scenario " + s.name() + " expects " + s.findings());
        }
    }
}
