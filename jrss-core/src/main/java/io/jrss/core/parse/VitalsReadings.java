// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.GlibcMalloc;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.model.Vitals;
import io.jrss.core.model.VmInfo;
import io.jrss.core.timeline.Signals;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a VM.vitals row says in the terms of the readings jrss already has: its process columns as a fragment of
 * /proc/<pid>/status (rss all, anon, file, shm, swapped out, threads), its C-heap columns as VM.info's glibc figures
 * (in use, free), and all of them as timeline signals, so that a vitals history is a timeline like a watch.
 */
public final class VitalsReadings {
    private VitalsReadings() {}

    public static ProcStatus status(Vitals.Row r) {
        Map<String, Bytes> memory = new LinkedHashMap<>();
        put(memory, "VmRSS", r.bytes("process.rss.all"));
        put(memory, "RssAnon", r.bytes("process.rss.anon"));
        put(memory, "RssFile", r.bytes("process.rss.file"));
        put(memory, "RssShmem", r.bytes("process.rss.shm"));
        put(memory, "VmSwap", r.bytes("process.swdo"));
        Double threads = r.value("process.thr");
        Map<String, String> raw = new LinkedHashMap<>();
        memory.forEach((k, v) -> raw.put(k, v.value() / 1024 + " kB"));
        return new ProcStatus("", 0, List.of(), 0, 0, 0, 0, threads == null ? 0 : threads.intValue(), memory, 0, 0, raw);
    }

    /** The C-heap columns (SapMachine 17.0.3+), or null. */
    public static VmInfo glibc(Vitals.Row r) {
        Bytes used = r.bytes("process.cheap.usd"), free = r.bytes("process.cheap.fr");
        if (used == null) return null;
        return new VmInfo(new GlibcMalloc(used, free, null, false), null, null, null, null, null, r.bytes("process.rss.all"));
    }

    public static Map<String, Double> signals(Vitals.Row r) {
        Map<String, Double> m = new LinkedHashMap<>();
        signal(m, Signals.RSS, r, "process.rss.all");
        signal(m, Signals.RSS_ANON, r, "process.rss.anon");
        signal(m, Signals.RSS_FILE, r, "process.rss.file");
        signal(m, Signals.RSS_SHMEM, r, "process.rss.shm");
        signal(m, Signals.SWAP, r, "process.swdo");
        signal(m, Signals.THREADS, r, "process.thr");
        signal(m, Signals.GLIBC_IN_USE, r, "process.cheap.usd");
        signal(m, Signals.GLIBC_FREE, r, "process.cheap.fr");
        signal(m, Signals.HEAP_COMMITTED, r, "jvm.heap.comm");
        signal(m, Signals.HEAP_USED, r, "jvm.heap.used");
        signal(m, Signals.METASPACE_COMMITTED, r, "jvm.meta.comm");
        signal(m, Signals.CODE_CACHE_USED, r, "jvm.code");
        signal(m, Signals.NMT_MALLOC, r, "jvm.mlc");
        signal(m, Signals.LOADED_CLASSES, r, "jvm.cls.num");
        if (m.containsKey(Signals.GLIBC_IN_USE) && m.containsKey(Signals.NMT_MALLOC)) {
            m.put(Signals.NATIVE_UNTRACKED, Math.max(0, m.get(Signals.GLIBC_IN_USE) - m.get(Signals.NMT_MALLOC)));
        }
        return m;
    }

    private static void signal(Map<String, Double> m, String name, Vitals.Row r, String column) {
        Double v = r.value(column);
        if (v != null) m.put(name, v);
    }

    private static void put(Map<String, Bytes> m, String key, Bytes b) { if (b != null) m.put(key, b); }
}
