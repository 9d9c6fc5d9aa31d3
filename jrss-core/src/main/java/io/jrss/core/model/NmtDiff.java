// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A parsed {@code VM.native_memory summary.diff}: what NMT counts now and how much that moved since
 * {@code VM.native_memory baseline}, in bytes whatever {@code scale=} it was printed with. Deltas are signed
 * {@link Bytes} (negative when memory was given back) and {@link Bytes#ZERO} where HotSpot printed none.
 * HotSpot rounds each delta to the scale on its own, so {@code committed - committedDelta} is the baseline
 * only to within one unit of the scale. Categories keep HotSpot's names and order; one that is below one unit
 * of the scale and did not move by one is not printed, so it is absent.
 *
 * @param totalReservedDelta  change of the Total reserved since the baseline, may be negative
 * @param totalCommittedDelta change of the Total committed since the baseline, may be negative
 */
public record NmtDiff(Bytes totalReserved, Bytes totalReservedDelta, Bytes totalCommitted, Bytes totalCommittedDelta,
                      List<Change> categories) {

    /**
     * One category line, e.g. {@code Other (reserved=18434KB +16384KB, committed=18434KB +16384KB)}.
     *
     * @param committed      null when the line was cut before its committed part (a paste torn there)
     * @param committedDelta null likewise
     * @param countDelta     the change of its "(classes #N +M)" or "(thread #N +M)" count, or null when not printed
     */
    public record Change(String name, Bytes reserved, Bytes reservedDelta, Bytes committed, Bytes committedDelta, Long countDelta) {
        public boolean committedKnown() { return committed != null; }

        public Change withCountDelta(long delta) { return new Change(name, reserved, reservedDelta, committed, committedDelta, delta); }
    }

    public Optional<Change> category(String name) {
        return categories.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** Up to {@code n} categories whose committed memory grew, largest growth first; ties keep HotSpot's order. */
    public List<Change> grownMost(int n) {
        return categories.stream().filter(c -> c.committedKnown() && c.committedDelta().isPositive())
                .sorted(Comparator.comparing(Change::committedDelta).reversed())
                .limit(Math.max(n, 0)).toList();
    }
}
