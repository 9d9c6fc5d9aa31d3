// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads the verbatim outputs under src/test/resources/fixtures and checks the rejection contract. */
final class Fixtures {
    private Fixtures() {}

    static String read(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file of a corpus case (src/test/resources/corpus/NNN-*), by the case's number: real outputs with their origin. */
    static String corpus(String number, String file) {
        try {
            java.nio.file.Path root = java.nio.file.Path.of(Fixtures.class.getResource("/corpus").toURI());
            try (var dirs = java.nio.file.Files.list(root)) {
                java.nio.file.Path dir = dirs.filter(d -> d.getFileName().toString().startsWith(number + "-")).findFirst().orElseThrow();
                return java.nio.file.Files.readString(dir.resolve(file));
            }
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file lookup over a fixture folder, as CgroupParser receives it from a probe. */
    static Function<String, Optional<String>> folder(String dir) {
        return name -> {
            try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + dir + "/" + name)) {
                return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** About the first {@code fraction} of the text, cut in the middle of a number, as a read cut short leaves it. */
    static String truncated(String text, double fraction) {
        int cut = (int) (text.length() * fraction);
        while (cut > 1 && !(Character.isDigit(text.charAt(cut)) && Character.isDigit(text.charAt(cut - 1)))) cut--;
        return text.substring(0, cut);
    }

    /** The contract of every parser: a ParseException with a one-line message, never another exception. */
    static ParseException rejects(Executable parse) {
        ParseException e = assertThrows(ParseException.class, parse);
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.line() >= 0);
        return e;
    }

    /** Garbage, empty, binary-ish: inputs every parser must reject. */
    static final String GARBAGE = "The quick brown fox jumps over the lazy dog.\nSecond line: 42 apples\n";
    static final String BINARY = "\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000\u0003\u0000>\u0000\u0001\u0000\u0000\u0000\u00b0\u0012";
    static final String BINARY_NO_NUL = "\u00ff\u00fe\u0089PNG\r\n\u001a\n\u0004\u0007\u0010\u0012\u00ab\u00cd";
}
