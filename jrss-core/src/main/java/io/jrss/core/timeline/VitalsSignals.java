// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import io.jrss.core.model.Vitals;
import java.util.LinkedHashMap;
import java.util.Map;

/** A VM.vitals row as timeline signals, so that a vitals history is a timeline like a watch. */
public final class VitalsSignals {
    private VitalsSignals() {}

    public static Map<String, Double> signals(Vitals.Row r) {
        Map<String, Double> m = new LinkedHashMap<>();
        signal(m, Signals.RSS.name(), r, "process.rss.all");
        signal(m, Signals.RSS_ANON.name(), r, "process.rss.anon");
        signal(m, Signals.RSS_FILE.name(), r, "process.rss.file");
        signal(m, Signals.RSS_SHMEM.name(), r, "process.rss.shm");
        signal(m, Signals.SWAP.name(), r, "process.swdo");
        signal(m, Signals.THREADS.name(), r, "process.thr");
        signal(m, Signals.GLIBC_IN_USE.name(), r, "process.cheap.usd");
        signal(m, Signals.GLIBC_FREE.name(), r, "process.cheap.fr");
        signal(m, Signals.HEAP_COMMITTED.name(), r, "jvm.heap.comm");
        signal(m, Signals.HEAP_USED.name(), r, "jvm.heap.used");
        signal(m, Signals.METASPACE_COMMITTED.name(), r, "jvm.meta.comm");
        signal(m, Signals.CODE_CACHE_USED.name(), r, "jvm.code");
        signal(m, Signals.NMT_MALLOC.name(), r, "jvm.mlc");
        signal(m, Signals.LOADED_CLASSES.name(), r, "jvm.cls.num");
        if (m.containsKey(Signals.GLIBC_IN_USE.name()) && m.containsKey(Signals.NMT_MALLOC.name())) {
            m.put(Signals.NATIVE_UNTRACKED.name(), Math.max(0, m.get(Signals.GLIBC_IN_USE.name()) - m.get(Signals.NMT_MALLOC.name())));
        }
        return m;
    }

    private static void signal(Map<String, Double> m, String name, Vitals.Row r, String column) {
        Double v = r.value(column);
        if (v != null) m.put(name, v);
    }
}
