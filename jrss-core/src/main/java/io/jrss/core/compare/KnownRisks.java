// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The known risks of each arm, with the public report behind each, from {@code known-risks.md} beside this class:
 * what a verdict lists under its winner, so that "best by RSS" never reads as "safe".
 */
public final class KnownRisks {
    private static final Map<String, List<String>> RISKS = load();

    private KnownRisks() {}

    /** Each risk as "sentence — URL"; an arm the file does not name (a custom one) has none known. */
    public static List<String> of(String arm) { return RISKS.getOrDefault(arm, List.of()); }

    static Map<String, List<String>> load() {
        try (InputStream in = KnownRisks.class.getResourceAsStream("known-risks.md")) {
            if (in == null) throw new IllegalStateException("known-risks.md is missing beside KnownRisks");
            Map<String, List<String>> out = new LinkedHashMap<>();
            List<String> current = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("## ")) out.put(line.substring(3).strip(), current = new ArrayList<>());
                else if (line.startsWith("- ") && current != null) current.add(line.substring(2).strip());
            }
            out.replaceAll((k, v) -> List.copyOf(v));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
