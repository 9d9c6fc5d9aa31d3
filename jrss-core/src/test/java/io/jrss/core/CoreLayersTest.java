// SPDX-License-Identifier: Apache-2.0
package io.jrss.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The packages of core stand in one order (docs/architecture.md) and every import points down it: no cycle. */
class CoreLayersTest {
    static final List<String> ORDER = List.of("model", "catalogue", "parse", "text", "capture", "snapshot", "ledger",
            "trend", "timeline", "rules", "analysis", "size", "compare", "diff", "fleet", "heap", "paste", "profile", "result", "source");
    private static final Path SRC = Path.of("src/main/java/io/jrss/core").toAbsolutePath();
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?io\\.jrss\\.core\\.([a-z]+)\\.", Pattern.MULTILINE);

    @Test void everyImportPointsDown() throws IOException {
        assertTrue(Files.isDirectory(SRC), SRC + " is not there");
        try (Stream<Path> files = Files.walk(SRC)) {
            List<String> up = files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> upward(f).stream()).toList();
            assertEquals(List.of(), up);
        }
    }

    @Test void everyPackageHasAPlace() throws IOException {
        try (Stream<Path> dirs = Files.list(SRC)) {
            assertEquals(List.of(), dirs.map(d -> d.getFileName().toString()).filter(d -> !ORDER.contains(d)).toList());
        }
    }

    private static List<String> upward(Path file) {
        String own = SRC.relativize(file).getName(0).toString();
        try {
            Matcher m = IMPORT.matcher(Files.readString(file));
            return m.results().map(r -> r.group(1)).filter(p -> ORDER.indexOf(p) > ORDER.indexOf(own))
                    .map(p -> SRC.relativize(file) + " imports " + p).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
