// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ClassHolder;
import io.jrss.core.model.ClassHolders;
import io.jrss.core.model.ClassNames;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Heap-leak's holder, from a heap dump a watch took at its end (--culprits=heap): the class histograms' growing classes
 * gain where their bytes accumulate ({@link #held}); without histograms, the dump's largest classes are the culprits,
 * with no growth (one dump): those that are not the JDK's first when they hold at least 1% of the bytes listed (a
 * leaking session class outweighed by the byte arrays it holds), the JDK's and the arrays after them.
 */
final class ClassHolderCulprits {
    private ClassHolderCulprits() {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        ClassHolders h = later.get(Readings.CLASS_HOLDERS).orNull();
        if (h == null) return List.of();
        double total = h.classes().stream().mapToLong(c -> c.bytes().value()).sum();
        String how = "the largest classes of one heap dump (no growth: take class histograms too, --culprits=histogram,heap)" + CulpritReading.paused(h.pauseSeconds());
        return h.classes().stream().sorted(Comparator.comparingInt((ClassHolder c) -> ClassNames.jdk(c.className()) || c.bytes().value() < total / 100 ? 1 : 0))
                .limit(Culprits.TOP)
                .map(c -> new Culprit(Culprit.Kind.CLASS, c.className(), c.bytes(), c.instances(), null, Culprit.share(c.bytes().value(), total),
                        how + heldBy(Optional.of(c)))).toList();
    }

    /** The class culprits with, in their {@code how}, where the dump found their bytes held; the others as they are. */
    static List<Culprit> held(List<Culprit> culprits, Snapshot dump) {
        ClassHolders h = dump == null ? null : dump.get(Readings.CLASS_HOLDERS).orNull();
        if (h == null) return culprits;
        return culprits.stream().map(c -> c.kind() != Culprit.Kind.CLASS ? c : new Culprit(c.kind(), c.name(), c.bytes(), c.count(), c.growthPerHour(),
                c.share(), c.how() + heldBy(h.of(c.name())))).toList();
    }

    /** "; held by java.util.ArrayList <- io.acme.Registry (static) (96% of its bytes, a heap dump)", or nothing. */
    private static String heldBy(Optional<ClassHolder> c) {
        if (c.isEmpty() || c.get().path().isEmpty()) return "";
        return "; held by " + c.get().pathText() + " (" + c.get().heldPercent() + "% of its reachable bytes, a heap dump)";
    }
}
