// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ClassLoaderStats;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Metaspace-leak's culprits: the class loader types of VM.classloader_stats, with their loaders as the count and their
 * metaspace chunks as the bytes; most loaders first (a leak is one type created again and again), or with an earlier
 * table, the types whose loaders grew most first.
 */
final class LoaderCulprits {
    private LoaderCulprits() {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        ClassLoaderStats st = later.get(Readings.CLASSLOADER_STATS).orNull();
        if (st == null) return List.of();
        double hours = CulpritReading.hours(earlier, later);
        Map<String, ClassLoaderStats.Type> before = hours <= 0 ? Map.of() : earlier.get(Readings.CLASSLOADER_STATS).orNull().types().stream()
                .collect(Collectors.toMap(ClassLoaderStats.Type::type, t -> t, (a, b) -> a));
        double chunks = st.chunks().value();
        Comparator<ClassLoaderStats.Type> order = Comparator.<ClassLoaderStats.Type>comparingInt(t -> t.loaders() - loaders(before, t)).reversed()
                .thenComparing(Comparator.comparingInt(ClassLoaderStats.Type::loaders).reversed());
        List<ClassLoaderStats.Type> sorted = st.types().stream().filter(t -> t.classes() > 0).sorted(order).toList();
        // After the first, a type with one loader and almost no metaspace (the application's own loader) explains nothing.
        return sorted.stream().filter(t -> t == sorted.get(0) || t.loaders() > 1 || t.chunks().value() >= chunks / 100).limit(Culprits.TOP)
                .map(t -> new Culprit(Culprit.Kind.CLASS_LOADER, t.type(), t.chunks(), (long) t.loaders(),
                        CulpritReading.perHour(t.chunks().value() - (before.containsKey(t.type()) ? before.get(t.type()).chunks().value() : 0), hours),
                        Culprit.share(t.chunks().value(), chunks),
                        "jcmd " + later.pidText() + " VM.classloader_stats (" + String.format(Locale.ROOT, "%,d", t.classes()) + " classes)"))
                .toList();
    }

    private static int loaders(Map<String, ClassLoaderStats.Type> before, ClassLoaderStats.Type t) {
        return before.containsKey(t.type()) ? before.get(t.type()).loaders() : 0;
    }
}
