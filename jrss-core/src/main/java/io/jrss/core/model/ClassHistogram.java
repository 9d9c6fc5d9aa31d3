// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One class histogram ({@code jmap -histo[:live]}, {@code jcmd GC.class_histogram}): instances and shallow bytes of
 * each class, largest first, and the totals. With {@code :live} (and always for GC.class_histogram) a full GC runs
 * first, so only reachable objects are counted.
 */
public record ClassHistogram(List<Entry> entries, long instances, Bytes bytes) {
    /** @param className as the JVM prints it ("[B", "java.lang.String"), without the module suffix */
    public record Entry(String className, long instances, Bytes bytes) {}

    public Entry entry(String className) {
        return entries.stream().filter(e -> e.className().equals(className)).findFirst().orElse(null);
    }

    /** The classes whose bytes grew since {@code earlier}, as entries of the growth (instances and bytes gained), most bytes first. */
    public List<Entry> grewSince(ClassHistogram earlier) {
        List<Entry> grew = new ArrayList<>();
        for (Entry e : entries) {
            Entry b = earlier.entry(e.className());
            Bytes by = e.bytes().minus(b == null ? Bytes.ZERO : b.bytes());
            if (by.isPositive()) grew.add(new Entry(e.className(), e.instances() - (b == null ? 0 : b.instances()), by));
        }
        grew.sort(Comparator.comparing(Entry::bytes).reversed());
        return grew;
    }
}
