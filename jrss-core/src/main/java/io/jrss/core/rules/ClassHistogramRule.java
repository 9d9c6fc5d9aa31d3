// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHistogram;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * heap-leak from class histograms pasted in order (two times): the objects counted grew by at least
 * {@link #MIN_GROWTH} and a quarter, and the classes that grew most are named. One histogram says what the heap holds,
 * not that it grows: it is information, and raises nothing. Without {@code :live} a histogram also counts garbage, so
 * the growth may be allocation between collections: the remedy says how to take live ones.
 */
public final class ClassHistogramRule implements Rule {
    static final Bytes MIN_GROWTH = Bytes.ofMiB(16);

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        List<ClassHistogram> h = s.get(Readings.CLASS_HISTOGRAMS).orNull();
        if (h == null || h.size() < 2) return RuleResult.quiet();
        ClassHistogram first = h.get(0), last = h.get(h.size() - 1);
        Bytes growth = last.bytes().minus(first.bytes());
        if (growth.compareTo(MIN_GROWTH) < 0 || growth.ratioOf(first.bytes()) < 0.25) return RuleResult.quiet();
        List<ClassHistogram.Entry> grew = last.grewSince(first);
        String top = grew.stream().limit(5).map(g -> g.className() + " " + String.format("%+,d", g.instances()) + " (" + g.bytes().toSignedIec() + ")")
                .collect(Collectors.joining(", "));
        ClassHistogram.Entry mostInstances = grew.stream().filter(g -> !g.className().startsWith("[")).max(Comparator.comparingLong(ClassHistogram.Entry::instances)).orElse(null);
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "Between the first and the last of " + h.size() + " class histograms the objects counted grew from " + first.bytes().toIec() + " to "
                        + last.bytes().toIec() + (mostInstances == null ? "" : "; " + mostInstances.className() + " gained " + String.format("%,d", mostInstances.instances()) + " instances"),
                Evidence.builder().bytes("histogram_bytes_first", first.bytes()).bytes("histogram_bytes_last", last.bytes()).bytes("growth", growth)
                        .value("histograms", h.size()).value("classes_that_grew_most", top)
                        .value("ruled_out", "a warm-up: the objects counted grew by " + Evidence.pct(growth.ratioOf(first.bytes()))
                                + "; not ruled out by histograms without :live: garbage not yet collected").build(),
                List.of("Take live histograms some minutes apart (jmap -histo:live " + s.pidText() + ", or jcmd " + s.pidText() + " GC.class_histogram): each counts only what a full GC keeps",
                        "Find who holds " + (mostInstances == null ? "the growing classes" : mostInstances.className()) + ": a heap dump (jcmd " + s.pidText()
                                + " GC.heap_dump) in Eclipse MAT, its path to GC roots; a map or cache that only grows is the usual holder",
                        "Watch it grow across old-generation collections: jrss watch " + s.pidText()),
                Confidence.medium));
    }
}
