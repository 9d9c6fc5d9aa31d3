// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.BufferHolder;
import io.jrss.core.model.BufferHolders;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * Direct-buffer-leak's culprits: who holds the direct buffers that own native memory, from a heap dump's census (the
 * nearest object on a strong path that is not a collection or an array), most bytes first. One dump: no growth.
 */
final class HolderCulprits {
    private HolderCulprits() {}

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        BufferHolders h = later.get(Readings.BUFFER_HOLDERS).orNull();
        if (h == null) return List.of();
        double total = h.holders().stream().mapToLong(x -> x.bytes().value()).sum();
        String paused = CulpritReading.paused(h.pauseSeconds());
        return h.holders().stream().limit(Culprits.TOP)
                .map((BufferHolder x) -> new Culprit(Culprit.Kind.BUFFER_HOLDER, x.className(), x.bytes(), x.buffers(), null,
                        Culprit.share(x.bytes().value(), total), "a heap dump's census (jrss heap " + later.pidText() + paused + ")"))
                .toList();
    }
}
