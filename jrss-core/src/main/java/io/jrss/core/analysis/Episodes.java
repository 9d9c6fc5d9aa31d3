// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Findings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Follows the snapshot findings of every full sample of a watch and tells which of them went away before its last
 * full sample: those are {@link Episode}s. One episode per finding id, from its first sighting to the full sample
 * after its last, so a finding that flaps around its threshold is one episode, not many. nmt-off is a state of the
 * JVM, not an episode.
 */
final class Episodes {
    private record Track(Finding peak, double peakRss, Instant peakAt, int first, int last, int raised) {}

    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final List<Instant> fullSamples = new ArrayList<>();
    private final Set<String> current = new HashSet<>();

    /** The findings of one full sample, whose ledger measured {@code rss} bytes. */
    void add(Instant time, double rss, List<Finding> findings) {
        int index = fullSamples.size();
        fullSamples.add(time);
        current.clear();
        for (Finding f : findings) {
            if (f.id().equals(Findings.NMT_OFF.id())) continue;
            current.add(f.id());
            Track t = tracks.get(f.id());
            if (t == null) {
                tracks.put(f.id(), new Track(f, rss, time, index, index, 1));
                continue;
            }
            int bySeverity = f.severity().compareTo(t.peak().severity());
            boolean higher = bySeverity > 0 || (bySeverity == 0 && rss > t.peakRss());
            tracks.put(f.id(), new Track(higher ? f : t.peak(), higher ? rss : t.peakRss(), higher ? time : t.peakAt(), t.first(), index,
                    t.raised() + 1));
        }
    }

    /** The findings that were raised and are no longer raised by the last full sample. */
    List<Episode> ended() {
        List<Episode> out = new ArrayList<>();
        for (Track t : tracks.values()) {
            if (current.contains(t.peak().id())) continue;
            out.add(new Episode(t.peak(), fullSamples.get(t.first()), fullSamples.get(t.last()), fullSamples.get(t.last() + 1), t.peakAt(),
                    t.raised(), t.last() + 2 - t.first()));
        }
        return out;
    }
}
