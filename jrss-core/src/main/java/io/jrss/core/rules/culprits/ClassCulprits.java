// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ClassHistogram;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;

/**
 * Heap-leak's and heap-overcommitted's culprits: from two or more class histograms, the classes whose bytes grew most
 * between the first and the last (bytes and count are the growth, share its part of the whole growth); from one, the
 * classes holding most bytes (share of the histogram). The application's own classes come first: a histogram counts
 * shallow bytes, so the byte arrays and strings a leaking session holds outweigh the session class that holds them.
 */
final class ClassCulprits {
    /** Arrays and the JDK's classes after the others, keeping the histogram's order (most bytes first) within each. */
    static final Comparator<ClassHistogram.Entry> APPLICATION_FIRST = Comparator.comparing(e -> jdk(e.className()));

    private ClassCulprits() {}

    /** An array, or a class of the JDK's own packages, as a histogram names them ("[B", "[Ljava.lang.Object;", "java.util.HashMap$Node"). */
    static boolean jdk(String name) {
        return name.startsWith("[") || name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.") || name.startsWith("com.sun.");
    }

    static List<Culprit> of(Snapshot s) {
        List<ClassHistogram> h = s.get(Readings.CLASS_HISTOGRAMS).orNull();
        if (h == null || h.isEmpty()) return List.of();
        ClassHistogram last = h.get(h.size() - 1);
        String how = "jcmd " + s.pidText() + " GC.class_histogram";
        if (h.size() == 1) {
            return last.entries().stream().sorted(APPLICATION_FIRST).limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.CLASS, e.className(), e.bytes(),
                    e.instances(), null, Culprit.share(e.bytes().value(), last.bytes().value()), how)).toList();
        }
        List<ClassHistogram.Entry> grew = last.grewSince(h.get(0));
        double growth = grew.stream().mapToLong(e -> e.bytes().value()).sum();
        return grew.stream().sorted(APPLICATION_FIRST).limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.CLASS, e.className(), e.bytes(), e.instances(), null,
                Culprit.share(e.bytes().value(), growth), how + ", the growth between the first and the last of " + h.size())).toList();
    }
}
