// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

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

/**
 * One case of the corpus: its outputs, verbatim, and its case.properties (origin, the cause its thread concluded,
 * and the finding ids that name that cause, or "healthy").
 */
record CorpusCase(String name, Properties properties, List<Inputs.Named> inputs) {
    static Path root() throws Exception { return root("/corpus"); }

    /** A set of cases under the test resources: "/corpus", or a blind batch kept beside it. */
    static Path root(String resource) throws Exception { return Path.of(Objects.requireNonNull(CorpusCase.class.getResource(resource)).toURI()); }

    static List<String> names() throws Exception { return names(root()); }

    static List<String> names(Path root) throws Exception {
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static CorpusCase read(String name) throws Exception { return read(root(), name); }

    static CorpusCase read(Path root, String name) throws Exception {
        Path dir = root.resolve(name);
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(dir.resolve("case.properties"), StandardCharsets.UTF_8)));
        List<Inputs.Named> inputs = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> !f.getFileName().toString().equals("case.properties")).sorted().toList()) {
                inputs.add(new Inputs.Named(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8)));
            }
        }
        return new CorpusCase(name, p, inputs);
    }

    String origin() { return properties.getProperty("origin", ""); }

    String cause() { return properties.getProperty("cause", ""); }

    /** The finding ids that name the concluded cause; empty when the thread concluded none. */
    List<String> expect() {
        return Arrays.stream(properties.getProperty("expect", "").split(",")).map(String::strip).filter(x -> !x.isEmpty() && !x.equals("healthy")).toList();
    }

    boolean healthy() { return Arrays.stream(properties.getProperty("expect", "").split(",")).map(String::strip).anyMatch("healthy"::equals); }
}
