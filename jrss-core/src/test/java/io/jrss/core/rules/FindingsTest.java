// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.catalogue.Catalogue;
import io.jrss.core.catalogue.Entry;
import io.jrss.core.rules.timeline.TimelineRule;
import io.jrss.core.rules.timeline.TimelineRules;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The catalogue of findings and the rules agree: every id a rule raises is catalogued, and every entry is raised. */
class FindingsTest {
    static Set<String> catalogued() { return Findings.all().stream().map(Findings.Entry::id).collect(Collectors.toCollection(TreeSet::new)); }

    @Test void theRulesRaiseExactlyTheCataloguedIds() {
        Set<String> raised = new TreeSet<>();
        Rules.snapshotRules().forEach(r -> raised.add(r.id()));
        TimelineRules.all().stream().map(TimelineRule::id).forEach(raised::add);
        assertEquals(catalogued(), raised);
    }

    @Test void everyMessageTheCatalogueOfOutputsKnowsNamesACataloguedFinding() {
        List<String> unknown = Catalogue.entries().stream().map(Entry::finding).filter(Objects::nonNull)
                .filter(f -> !f.isEmpty() && Findings.of(f).isEmpty()).distinct().toList();
        assertEquals(List.of(), unknown);
    }

    @Test void anEntryWithoutALabScenarioSaysWhy() {
        for (Findings.Entry e : Findings.all()) {
            assertTrue(e.scenario() != null || (e.noScenario() != null && !e.noScenario().isBlank()), e.id());
            assertEquals("docs/findings/" + e.id() + ".md", e.page());
        }
        assertEquals(Findings.all().size(), catalogued().size(), "no id twice");
    }
}
