// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.result.DiffSides;
import io.jrss.core.source.Sources;
import java.io.ByteArrayInputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * jrss diff on real public pairs (diffs/, each with the README of its source and the expectation written from it
 * before jrss ran). expect.properties: {@code grew} / {@code shrank} = "row lo..hi" in MiB, {@code rss} = "lo..hi"
 * MiB of RSS change, {@code unchanged} = true when no row may move.
 */
class DiffCorpusTest {
    static final Path DIR = Path.of("src/test/resources/diffs");
    static final double MIB = 1 << 20;

    static Stream<String> cases() throws Exception {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    static Side side(Path file) throws Exception {
        return DiffSides.of(file.toString(), Sources.result(Sources.of(List.of(file), new ByteArrayInputStream(new byte[0])), (d, t) -> { }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void givesWhatTheSourceSaid(String name) throws Exception {
        Path dir = DIR.resolve(name);
        Properties expect = new Properties();
        try (Reader r = Files.newBufferedReader(dir.resolve("expect.properties"))) { expect.load(r); }
        Diff d = Diff.of(side(dir.resolve("before.txt")), side(dir.resolve("after.txt")));
        String why = name + ": RSS " + d.rss() + "; moved: " + d.changedRows();
        if (Boolean.parseBoolean(expect.getProperty("unchanged"))) assertEquals(List.of(), d.changedRows(), why);
        if (expect.containsKey("rss")) within(expect.getProperty("rss"), d.rss().delta() / MIB, why);
        if (expect.containsKey("grew")) moved(d, expect.getProperty("grew"), 1, why);
        if (expect.containsKey("shrank")) moved(d, expect.getProperty("shrank"), -1, why);
    }

    private static void moved(Diff d, String spec, int sign, String why) {
        String[] p = spec.split(" ");
        Change row = d.rows().stream().filter(c -> c.name().equals(p[0])).findFirst().orElseThrow(() -> new AssertionError("no row " + p[0]));
        assertTrue(row.changed(), why);
        within(p[1], sign * row.delta() / MIB, why + " (" + p[0] + ")");
        double largest = d.changedRows().stream().mapToDouble(Change::magnitude).max().orElse(0);
        if (sign > 0) assertEquals(largest, row.magnitude(), why + ": " + p[0] + " should have moved most");
    }

    private static void within(String range, double mib, String why) {
        String[] r = range.split("\\.\\.");
        assertTrue(mib >= Double.parseDouble(r[0]) && mib <= Double.parseDouble(r[1]), why + ": " + mib + " MiB, expected " + range);
    }
}
