// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The catalogue of messages the JVM, the JDK, the kernel, glibc and common libraries print about memory, read once
 * from this package's resources (docs/catalogue.md is the format). Data with one reader: adding a message is adding
 * a block to a file, not a parser.
 */
public final class Catalogue {
    /** The files, one per program. */
    public static final List<String> FILES = List.of("hotspot.txt", "jdk.txt", "kernel.txt", "glibc.txt", "libraries.txt");
    /** Entries read from the sources that have no real example yet: not loaded, listed for whoever finds one. */
    public static final String PENDING = "pending.txt";
    private static final List<String> KEYS = List.of("entry", "from", "prints", "text", "pattern", "means", "event", "finding", "example", "seen", "trigger",
            "pending", "confidence", "unless");

    private static volatile List<Entry> all;

    private Catalogue() {}

    /** Every entry, in the files' order. */
    public static List<Entry> entries() {
        List<Entry> e = all;
        if (e == null) {
            List<Entry> read = new ArrayList<>();
            for (String f : FILES) read.addAll(read(f, resource(f)));
            all = e = List.copyOf(read);
        }
        return e;
    }

    /** The pending entries (see {@link #PENDING}), read with the same reader. */
    public static List<Entry> pending() { return read(PENDING, resource(PENDING)); }

    private static String resource(String file) {
        try (InputStream in = Catalogue.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException("the catalogue file " + file + " is missing from the jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the catalogue file " + file + " could not be read: " + e.getMessage(), e);
        }
    }

    /** The entries of one file's text; an entry that breaks the format is a bug in the data, named with its line. */
    static List<Entry> read(String file, String text) {
        List<Entry> out = new ArrayList<>();
        Map<String, List<String>> block = new LinkedHashMap<>();
        int start = 0, n = 0;
        for (String line : (text + "\n\n").split("\n", -1)) {
            n++;
            if (line.startsWith("#")) continue;
            if (line.isBlank()) {
                if (!block.isEmpty()) out.add(entry(file, start, block));
                block = new LinkedHashMap<>();
                continue;
            }
            if (block.isEmpty()) start = n;
            int colon = line.indexOf(": ");
            String key = colon < 0 ? "" : line.substring(0, colon);
            if (!KEYS.contains(key)) throw new IllegalStateException(file + ":" + n + ": not a catalogue key: " + line);
            block.computeIfAbsent(key, k -> new ArrayList<>()).add(line.substring(colon + 2).strip());
        }
        return out;
    }

    private static Entry entry(String file, int line, Map<String, List<String>> b) {
        String where = file + ":" + line;
        for (String k : List.of("entry", "from", "prints", "pattern", "means", "event", "finding")) {
            if (!b.containsKey(k)) throw new IllegalStateException(where + ": the entry has no '" + k + "'");
        }
        Pattern p;
        try {
            p = Pattern.compile(one(b, "pattern"));
        } catch (PatternSyntaxException e) {
            throw new IllegalStateException(where + ": the pattern of " + one(b, "entry") + " does not compile: " + e.getDescription(), e);
        }
        String finding = one(b, "finding");
        return new Entry(one(b, "entry"), one(b, "from"), one(b, "prints"), b.containsKey("text") ? one(b, "text") : "", p, one(b, "means"),
                Event.of(one(b, "event")), finding.equals("-") ? null : finding, List.copyOf(b.getOrDefault("example", List.of())),
                Anchors.of(p.pattern()), b.containsKey("confidence") ? one(b, "confidence") : null, Anchors.prefix(p.pattern()),
                b.containsKey("unless") ? Event.of(one(b, "unless")) : null);
    }

    private static String one(Map<String, List<String>> b, String key) { return b.get(key).get(0); }
}
