// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every catalogue message found in the outputs of a snapshot that can hold them (hs_err files, JVM logs, GC logs,
 * kernel logs), by file: the snapshot's {@code messages} reading.
 */
public record Messages(Map<String, List<Message>> byFile) {
    public Messages {
        Map<String, List<Message>> copy = new LinkedHashMap<>();
        byFile.forEach((f, l) -> copy.put(f, List.copyOf(l)));
        byFile = java.util.Collections.unmodifiableMap(copy);
    }

    /** One found message and the capture file it was found in. */
    public record Found(String file, Message message) {}

    public List<Found> all() {
        List<Found> out = new ArrayList<>();
        byFile.forEach((f, l) -> l.forEach(m -> out.add(new Found(f, m))));
        return out;
    }

    /** The messages that support a finding, the most telling first (by event, then the last printed). */
    public List<Found> supporting(String findingId) {
        List<Found> out = new ArrayList<>(all().stream().filter(f -> findingId.equals(f.message().entry().finding())).toList());
        java.util.Collections.reverse(out);
        out.sort(Comparator.comparing((Found f) -> f.message().event()).reversed());
        return out;
    }

    public List<Found> of(String entryId) { return all().stream().filter(f -> f.message().id().equals(entryId)).toList(); }

    public Optional<Found> first(String entryId) { return of(entryId).stream().findFirst(); }

    public boolean isEmpty() { return byFile.values().stream().allMatch(List::isEmpty); }
}
