// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.ledger.MappedFiles;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Map;

/** Mapped-files' culprits: the files the process maps, by their resident bytes in smaps. */
final class FileCulprits {
    private FileCulprits() {}

    static List<Culprit> of(Snapshot s) {
        List<Mapping> maps = s.get(Readings.SMAPS).orNull();
        if (maps == null) return List.of();
        List<Map.Entry<String, Bytes>> files = MappedFiles.byResident(maps);
        double total = files.stream().mapToLong(e -> e.getValue().value()).sum();
        return files.stream().limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.MAPPING, e.getKey(), e.getValue(), null, null,
                Culprit.share(e.getValue().value(), total), "smaps of pid " + s.pidText() + ": Rss of its mappings")).toList();
    }
}
