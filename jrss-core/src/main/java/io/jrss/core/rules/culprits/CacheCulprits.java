// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.FileCache;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Page-cache-in-usage's culprits: the files the process has open and the others of their directories (a log it
 * writes, the logs it rotated), by their bytes in the page cache as fincore measures them, with their growth since an
 * earlier table. Files the process maps are left out when smaps says which: their cached pages are in its RSS (the
 * mapped-files row, the JDK's lib/modules among them), not the cache beside it. Files in no directory it has a file
 * open in are not seen: a culprit list is what jrss could see.
 */
final class CacheCulprits {
    private CacheCulprits() {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        FileCache cache = later.get(Readings.FILE_CACHE).orNull();
        if (cache == null) return List.of();
        double hours = CulpritReading.hours(earlier, later);
        Map<String, Bytes> before = hours <= 0 ? Map.of() : earlier.get(Readings.FILE_CACHE).orNull().files().stream()
                .collect(Collectors.toMap(FileCache.File::name, FileCache.File::resident, (a, b) -> a));
        List<io.jrss.core.model.Mapping> smaps = later.get(Readings.SMAPS).orNull();
        java.util.Set<String> mapped = smaps == null ? java.util.Set.of() : smaps.stream().filter(io.jrss.core.model.Mapping::isFile)
                .map(io.jrss.core.model.Mapping::pathname).collect(Collectors.toSet());
        List<FileCache.File> files = cache.files().stream().filter(f -> f.resident().value() > 0 && !mapped.contains(f.name()))
                .sorted(java.util.Comparator.comparing(FileCache.File::resident).reversed()).toList();
        double total = files.stream().mapToLong(f -> f.resident().value()).sum();
        return files.stream().limit(Culprits.TOP).map(f -> new Culprit(Culprit.Kind.MAPPING, f.name(), f.resident(), null,
                CulpritReading.perHour(f.resident().value() - before.getOrDefault(f.name(), Bytes.ZERO).value(), hours),
                Culprit.share(f.resident().value(), total), "fincore of pid " + later.pidText()
                        + "'s open files and their directories, those it maps left out (" + f.size().toIec() + " file; files in other directories are not seen)"))
                .toList();
    }
}
