// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ClassHistogram;
import io.jrss.core.model.ClassNames;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;

/**
 * Heap-leak's and heap-overcommitted's culprits: from two or more class histograms (pasted together, or taken by a
 * watch minutes apart), the classes whose bytes grew most between the first and the last (bytes and count are the
 * growth, share its part of the whole growth); from one, the classes holding most bytes (share of the histogram). The
 * application's own classes come first (those under its main class's package, as sun.java.command names it), then
 * the libraries', then arrays and the JDK's: a histogram counts shallow bytes, so the byte arrays and strings a
 * leaking session holds outweigh the session class that holds them, and a cache library's entry holders grow as
 * fast as the domain objects they hold.
 */
final class ClassCulprits {
    /** The application's classes, then the others, then arrays and the JDK's, keeping the histogram's order (most bytes first) within each. */
    static Comparator<ClassHistogram.Entry> applicationFirst(Snapshot s) {
        String app = applicationPackage(s);
        return Comparator.comparingInt(e -> jdk(e.className()) ? 2 : app != null && e.className().startsWith(app) ? 0 : 1);
    }

    /** The first two segments of the main class's package and a dot ("com.acme."), or null (a jar, a paste). */
    static String applicationPackage(Snapshot s) {
        String command = s.systemProperties().getOrDefault("sun.java.command", "").strip();
        String main = command.isEmpty() ? "" : command.split("\\s+")[0];
        String[] parts = main.split("\\.");
        if (main.endsWith(".jar") || parts.length < 3 || jdk(main)) return null;
        return parts[0] + "." + parts[1] + ".";
    }

    private ClassCulprits() {}

    private static boolean jdk(String name) { return ClassNames.jdk(name); }

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        List<ClassHistogram> h = later.get(Readings.CLASS_HISTOGRAMS).orNull();
        if (h == null || h.isEmpty()) return List.of();
        ClassHistogram last = h.get(h.size() - 1);
        double hours = CulpritReading.hours(earlier, later);
        ClassHistogram first = h.size() > 1 ? h.get(0) : hours > 0 ? earlier.get(Readings.CLASS_HISTOGRAMS).orNull().get(0) : null;
        String how = "jcmd " + later.pidText() + " GC.class_histogram";
        if (first == null) {
            return last.entries().stream().sorted(applicationFirst(later)).limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.CLASS, e.className(), e.bytes(),
                    e.instances(), null, Culprit.share(e.bytes().value(), last.bytes().value()), how)).toList();
        }
        List<ClassHistogram.Entry> grew = last.grewSince(first);
        double growth = grew.stream().mapToLong(e -> e.bytes().value()).sum();
        String between = h.size() > 1 ? ", the growth between the first and the last of " + h.size() : ", the growth between the first and the last taken";
        List<ClassHistogram.Entry> sorted = grew.stream().sorted(applicationFirst(later)).toList();
        // After the first, the JDK's classes that took under 1% of the growth are noise (a few Object[] resized).
        return sorted.stream().filter(e -> e == sorted.get(0) || !jdk(e.className()) || e.bytes().value() >= growth / 100).limit(Culprits.TOP).map(e -> new Culprit(Culprit.Kind.CLASS, e.className(), e.bytes(), e.instances(),
                h.size() > 1 ? null : CulpritReading.perHour(e.bytes().value(), hours), Culprit.share(e.bytes().value(), growth), how + between)).toList();
    }
}
