// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalogue entry is well formed, has at least one real example that names its origin, is found in each of
 * its examples, and is still found, with the same values, in its example line under every {@link Wrappers} wrapper.
 * The entries are listed by source file with their example, as the catalogue's coverage.
 */
class CatalogueTest {
    static Stream<Entry> entries() { return Catalogue.entries().stream(); }

    static Path resources() throws Exception { return Path.of(Objects.requireNonNull(CatalogueTest.class.getResource("/corpus")).toURI()).getParent(); }

    @Test
    void idsAreUniqueAndFindingsHavePages() throws Exception {
        Set<String> ids = new HashSet<>();
        for (Entry e : Catalogue.entries()) {
            assertTrue(ids.add(e.id()), "two entries are called " + e.id());
            assertTrue(e.id().matches("[a-z0-9]+(\\.[a-z0-9-]+)+"), e.id() + ": ids are <program>.<area>.<what>");
            if (e.finding() != null) {
                assertTrue(Files.exists(Path.of("../docs/findings/" + e.finding() + ".md")),
                        e.id() + " supports " + e.finding() + ", which has no page in docs/findings/");
            }
        }
        assertTrue(ids.size() >= 20, "the catalogue has " + ids.size() + " entries");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void foundInEachRealExample(Entry e) throws Exception {
        assertFalse(e.examples().isEmpty(), e.id() + " has no real example: add one (docs/catalogue.md, 'Adding an entry')");
        for (String ex : e.examples()) {
            Path file = resources().resolve(ex);
            assertTrue(Files.isRegularFile(file), e.id() + ": its example " + ex + " does not exist");
            assertFalse(origin(file).isBlank(), e.id() + ": its example " + ex + " names no origin (case.properties, or a README beside it)");
            List<Message> found = new MessageScanner(List.of(e)).find(Files.readString(file, StandardCharsets.UTF_8));
            assertFalse(found.isEmpty(), e.id() + " is not found in its example " + ex);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void foundUnderEveryWrapper(Entry e) throws Exception {
        Optional<Message> first = exampleMessage(e);
        if (first.isEmpty()) return; // foundInEachRealExample says why
        String line = exampleLine(e, first.get());
        for (Wrappers.Wrapper w : Wrappers.ALL) {
            List<Message> again = new MessageScanner(List.of(e)).find(w.wrap().apply(line));
            assertFalse(again.isEmpty(), e.id() + " is lost under the wrapper " + w.name() + ": " + w.wrap().apply(line));
            assertEquals(first.get().values(), again.get(0).values(), e.id() + " under " + w.name());
        }
    }

    /** A pending entry is well formed and has no example (when it gets one, it moves to its program's file). */
    @Test
    void pendingEntriesWaitForAnExample() {
        for (Entry e : Catalogue.pending()) {
            assertTrue(e.examples().isEmpty(), e.id() + " has an example: move it to its program's file");
            assertTrue(Catalogue.entries().stream().noneMatch(x -> x.id().equals(e.id())), e.id() + " is both pending and loaded");
        }
    }

    /** The catalogue's coverage, by the source file that prints each entry (printed for the record). */
    @Test
    void coverageBySourceFile() {
        List<String> lines = new ArrayList<>();
        for (Entry e : Catalogue.entries()) lines.add(String.format("[catalogue] %-46s %-12s %s  e.g. %s", e.id(), e.prints(), e.from(),
                e.examples().isEmpty() ? "(none)" : e.examples().get(0)));
        lines.forEach(System.out::println);
        assertEquals(Catalogue.entries().size(), lines.size());
    }

    private static Optional<Message> exampleMessage(Entry e) throws Exception {
        for (String ex : e.examples()) {
            Path file = resources().resolve(ex);
            if (!Files.isRegularFile(file)) continue;
            List<Message> found = new MessageScanner(List.of(e)).find(Files.readString(file, StandardCharsets.UTF_8));
            if (!found.isEmpty()) return Optional.of(found.get(0));
        }
        return Optional.empty();
    }

    /** The example's message as a line of its own: the match, which is what the program printed. */
    private static String exampleLine(Entry e, Message m) { return m.matched(); }

    static String origin(Path file) throws Exception {
        for (Path dir = file.getParent(); dir != null && dir.getFileName() != null; dir = dir.getParent()) {
            Path props = dir.resolve("case.properties"), readme = dir.resolve("README.md");
            if (Files.exists(props)) return Files.readString(props).lines().filter(l -> l.startsWith("origin=")).findFirst().orElse("");
            if (Files.exists(readme)) return Files.readString(readme);
            if (dir.getFileName().toString().equals("resources")) break;
        }
        return "";
    }
}
