// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ClassLoaderStats;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * Metaspace-leak's culprits: the class loader types of VM.classloader_stats, most loaders first (a leak is one type
 * created again and again), with their loaders as the count and their metaspace chunks as the bytes.
 */
final class LoaderCulprits {
    private LoaderCulprits() {}

    static List<Culprit> of(Snapshot s) {
        ClassLoaderStats st = s.get(Readings.CLASSLOADER_STATS).orNull();
        if (st == null) return List.of();
        double chunks = st.chunks().value();
        return st.types().stream().filter(t -> t.classes() > 0).limit(Culprits.TOP)
                .map(t -> new Culprit(Culprit.Kind.CLASS_LOADER, t.type(), t.chunks(), (long) t.loaders(), null,
                        Culprit.share(t.chunks().value(), chunks), "jcmd " + s.pidText() + " VM.classloader_stats (" + String.format(java.util.Locale.ROOT, "%,d", t.classes()) + " classes)"))
                .toList();
    }
}
