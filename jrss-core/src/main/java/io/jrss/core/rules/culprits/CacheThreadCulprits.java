// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.BufferCaches;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.ThreadGroups;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Direct-buffer-cache's culprits: the threads whose sun.nio.ch.Util cache keeps temporary direct buffers, from a heap
 * dump's census, grouped by name as thread groups are (digits folded: a pool of writers is one culprit), by the bytes
 * they keep. One dump: no growth.
 */
final class CacheThreadCulprits {
    private CacheThreadCulprits() {}

    record Group(String pattern, int threads, int buffers, Bytes bytes) {
        Group plus(Group o) { return new Group(pattern, threads + o.threads, buffers + o.buffers, bytes.plus(o.bytes)); }
    }

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        BufferCaches c = later.get(Readings.BUFFER_CACHES).orNull();
        if (c == null) return List.of();
        Map<String, Group> by = new LinkedHashMap<>();
        for (BufferCaches.Thread t : c.threads()) {
            String p = ThreadGroups.pattern(t.name());
            by.merge(p, new Group(p, 1, t.buffers(), t.bytes()), Group::plus);
        }
        double total = c.threads().stream().mapToLong(t -> t.bytes().value()).sum();
        String paused = CulpritReading.paused(c.pauseSeconds());
        return by.values().stream().sorted(Comparator.comparing(Group::bytes).reversed()).limit(Culprits.TOP)
                .map(g -> new Culprit(Culprit.Kind.THREAD_GROUP, g.pattern(), g.bytes(), (long) g.threads(), null, Culprit.share(g.bytes().value(), total),
                        "a heap dump's census (jrss heap " + later.pidText() + paused + "): " + g.buffers() + " temporary direct buffer" + (g.buffers() == 1 ? "" : "s") + " cached"))
                .toList();
    }
}
