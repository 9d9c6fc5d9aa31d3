// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.NmtCategories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every catalogued finding (and so every id a rule can raise) has its page in docs/findings/, with the sections a reader looks for; no page outlives its id. */
class FindingPagesTest {
    static final Path DIR = Path.of("../docs/findings");
    static final List<String> SECTIONS = List.of("## What it means", "## How jrss decides", "## Evidence", "## Remedies, in order",
            "## Reproduce it", "## Public reports and JDK bugs");

    /** The ids, from the catalogue of findings (FindingsTest holds it to the rules). */
    static Set<String> ids() { return FindingsTest.catalogued(); }

    @Test void everyIdHasAPageWithItsSections() throws IOException {
        assertTrue(ids().size() >= 20, "the rules raise " + ids());
        for (String id : ids()) {
            Path page = DIR.resolve(id + ".md");
            assertTrue(Files.isRegularFile(page), "no page " + page + " for finding " + id);
            String text = Files.readString(page);
            assertTrue(text.startsWith("# `" + id + "`\n"), page + " must open with its id as the title");
            int at = 0;
            for (String section : SECTIONS) {
                int i = text.indexOf("\n" + section + "\n");
                assertTrue(i > at, page + " lacks '" + section + "' (or has it out of order)");
                at = i;
            }
            assertTrue(text.contains("https://"), page + " links no public report or JDK bug");
        }
    }

    @Test void theIndexListsEveryIdAndNoPageIsStale() throws IOException {
        String index = Files.readString(DIR.resolve("README.md"));
        for (String id : ids()) assertTrue(index.contains("[`" + id + "`](" + id + ".md)"), "docs/findings/README.md lacks " + id);
        Set<String> pages = new TreeSet<>();
        try (Stream<Path> s = Files.list(DIR)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .forEach(n -> pages.add(n.substring(0, n.length() - 3)));
        }
        assertEquals(ids(), pages, "a page per id, and no page for an id no rule raises");
    }

    @Test void theNmtCategoriesAreExplainedWhereReadersLook() throws IOException {
        String doc = Files.readString(Path.of("../docs/readings.md"));
        for (String category : NmtCategories.MEANING.keySet()) {
            assertTrue(doc.contains("| `" + category + "` |"), "docs/readings.md does not explain NMT category " + category);
        }
    }
}
