// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The files of the mapped-files row by resident bytes: smaps' file-backed mappings that are not binaries, one line per path. */
public final class MappedFiles {
    private MappedFiles() {}

    /** Each mapped file's resident bytes (all its mappings), most first; a file deleted while mapped keeps " (deleted)". */
    public static List<Map.Entry<String, Bytes>> byResident(List<Mapping> maps) {
        Map<String, Bytes> by = new LinkedHashMap<>();
        for (Mapping m : maps) {
            if (!m.isFile() || MappingClassifier.BINARY.matcher(m.pathname().replace(" (deleted)", "")).find()) continue;
            by.merge(m.pathname(), m.rss(), Bytes::plus);
        }
        return by.entrySet().stream().filter(e -> e.getValue().isPositive())
                .sorted(Map.Entry.<String, Bytes>comparingByValue().reversed()).toList();
    }
}
