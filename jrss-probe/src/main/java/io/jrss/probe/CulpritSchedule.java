// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe;

import io.jrss.core.snapshot.CaptureFile;
import io.jrss.core.snapshot.CulpritAsk;
import io.jrss.core.snapshot.Fetch;
import io.jrss.core.snapshot.Readings;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * When a watch takes culprit readings: those the findings of the last verdict ask for ({@link CulpritAsk}), as the
 * options allow, each at once when its finding first fires and then at most once per full interval, so that the
 * verdict can read their growth and the target pays for each at most once a full interval.
 */
public final class CulpritSchedule {
    /** A watch's last sample takes the culprit readings again when they are this old: enough time to read a growth. */
    public static final Duration AGAIN_AT_END = Duration.ofSeconds(10);
    /** The culprit files no capture fetches (core declares them pasted): the watch gathers those itself ({@link CulpritTaker}). */
    private static final Set<String> NOT_FETCHED = Readings.files().stream().filter(f -> f.fetch() instanceof Fetch.Pasted)
            .map(CaptureFile::name).collect(Collectors.toUnmodifiableSet());

    private final Set<String> allowed;
    private final Duration every;
    private final Map<String, Instant> takenAt = new HashMap<>();
    private Set<String> wanted = Set.of();
    private List<CulpritAsk> asks = List.of();
    private List<CulpritAsk> taken = List.of();

    public CulpritSchedule(Set<String> allowed, Duration every) { this.allowed = allowed; this.every = every; }

    /** What the verdict reached at the last sample asks for, or null when none was reached then (nothing changes). */
    public void asked(List<CulpritAsk> culprits) {
        if (culprits == null) return;
        List<CulpritAsk> allowedAsks = culprits.stream().filter(a -> a.allowedBy(allowed)).toList();
        asks = allowedAsks.stream().filter(a -> !takenByWatch(a)).toList();
        taken = allowedAsks.stream().filter(CulpritSchedule::takenByWatch).toList();
        wanted = CulpritAsk.files(asks, allowed);
    }

    private static boolean takenByWatch(CulpritAsk a) { return NOT_FETCHED.contains(a.file()); }

    /**
     * The asks of the last verdict for readings the watch gathers itself ({@link CulpritTaker}: a profile, a heap
     * dump), allowed by {@code optIn}: no capture takes those.
     */
    public List<CulpritAsk> asksFor(String optIn) { return taken.stream().filter(a -> a.optIn().equals(optIn)).toList(); }

    /** Why a full capture is due now for culprits: a finding fired whose reading was never taken; else null. */
    public String newlyWanted() {
        Set<String> fresh = new LinkedHashSet<>(wanted);
        fresh.removeAll(takenAt.keySet());
        if (fresh.isEmpty()) return null;
        List<String> ids = asks.stream().filter(a -> fresh.contains(a.file())).map(CulpritAsk::finding).distinct().toList();
        return String.join(", ", ids) + " fired: taking " + String.join(", ", fresh) + " to name the culprit";
    }

    /** The readings due in a full capture at {@code now}: wanted, and not taken within the last full interval. */
    public Set<String> due(Instant now) { return olderThan(now, every); }

    /** At the end of a watch: the readings wanted whose last take is at least {@link #AGAIN_AT_END} old. */
    public Set<String> dueAtEnd(Instant now) { return olderThan(now, AGAIN_AT_END); }

    private Set<String> olderThan(Instant now, Duration gap) {
        Set<String> due = new LinkedHashSet<>();
        for (String f : wanted) {
            Instant at = takenAt.get(f);
            if (at == null || !now.isBefore(at.plus(gap))) due.add(f);
        }
        return due;
    }

    /** Marks these readings taken at {@code t}, whether they answered or not: a JVM that cannot give one is not asked again at once. */
    public void taken(Set<String> files, Instant t) { files.forEach(f -> takenAt.put(f, t)); }
}
