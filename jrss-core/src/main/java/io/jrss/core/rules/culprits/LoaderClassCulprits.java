// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.LoaderClasses;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Metaspace-leak's loader types with what their loaders define, from VM.classloaders show-classes: the class-loader
 * culprits' {@code how} gains the classes most of the type's loaders define ({@code ; its loaders define ScriptN (in
 * 812 of 812)}), which names the script, proxy or plugin created again and again.
 */
final class LoaderClassCulprits {
    /** At most this many class names per loader type. */
    static final int CLASSES = 3;

    private LoaderClassCulprits() {}

    /** The class-loader culprits with, in their {@code how}, the classes their loaders define; the others as they are. */
    static List<Culprit> defined(List<Culprit> culprits, Snapshot tree) {
        LoaderClasses lc = tree == null ? null : tree.get(Readings.LOADER_CLASSES).orNull();
        if (lc == null) return culprits;
        return culprits.stream().map(c -> c.kind() != Culprit.Kind.CLASS_LOADER ? c : lc.of(c.name()).map(t -> new Culprit(c.kind(), c.name(), c.bytes(),
                c.count(), c.growthPerHour(), c.share(), c.how() + define(t))).orElse(c)).toList();
    }

    /** "; its loaders define ScriptN (in 812 of 812), ..." (after the first, what a tenth of them define), or nothing when they define none. */
    private static String define(LoaderClasses.Type t) {
        List<Map.Entry<String, Integer>> sorted = t.classes().entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey())).toList();
        if (sorted.isEmpty()) return "";
        return "; its loaders define " + sorted.stream().filter(e -> e == sorted.get(0) || e.getValue() * 10 >= t.loaders()).limit(CLASSES)
                .map(e -> e.getKey() + " (in " + String.format(Locale.ROOT, "%,d", e.getValue()) + " of " + String.format(Locale.ROOT, "%,d", t.loaders()) + ")")
                .collect(Collectors.joining(", "));
    }
}
