// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.ledger.MappedFiles;
import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Mapped-files' culprits: the files the process maps, by their resident bytes in smaps, with their growth since an earlier smaps. */
final class FileCulprits {
    private FileCulprits() {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        List<Map.Entry<String, Bytes>> files = MappedFiles.byResident(later.get(Readings.SMAPS).orNull());
        double hours = CulpritReading.hours(earlier, later);
        Map<String, Bytes> before = hours <= 0 ? Map.of() : MappedFiles.byResident(earlier.get(Readings.SMAPS).orNull()).stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a));
        double total = files.stream().mapToLong(e -> e.getValue().value()).sum();
        return files.stream().limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.MAPPING, e.getKey(), e.getValue(), null,
                CulpritReading.perHour(e.getValue().value() - before.getOrDefault(e.getKey(), Bytes.ZERO).value(), hours),
                Culprit.share(e.getValue().value(), total), "smaps of pid " + later.pidText() + ": Rss of its mappings")).toList();
    }
}
