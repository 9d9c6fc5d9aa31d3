// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.rules.culprits.CulpritReading;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.snapshot.Snapshot;
import java.util.EnumMap;
import java.util.Map;

/**
 * A watch's culprit readings: per reading, the earliest and the latest snapshot that held it. A watch takes them only
 * when a finding asks (and smaps in every full sample), so the last full snapshot may lack them; the verdict names
 * culprits from the latest that has them and their growth since the earliest. Two snapshots per reading at most.
 */
final class HeldCulprits implements Culprits.Held {
    private final Map<CulpritReading, Snapshot> earliest = new EnumMap<>(CulpritReading.class), latest = new EnumMap<>(CulpritReading.class);

    void add(Snapshot s) {
        for (CulpritReading r : CulpritReading.values()) {
            if (!s.get(r.reading()).isAvailable()) continue;
            earliest.putIfAbsent(r, s);
            latest.put(r, s);
        }
    }

    @Override public Snapshot earliest(CulpritReading r) { return earliest.get(r); }

    @Override public Snapshot latest(CulpritReading r) { return latest.get(r); }
}
