// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.GlibcMalloc;
import io.jrss.core.model.ProcStatus;
import io.jrss.core.model.Vitals;
import io.jrss.core.model.VmInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a VM.vitals row says in the terms of the readings jrss already has: its process columns as a fragment of
 * /proc/<pid>/status (rss all, anon, file, shm, swapped out, threads), its C-heap columns as VM.info's glibc figures
 * (in use, free); {@code timeline.VitalsSignals} reads the same rows as signals.
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

    private static void put(Map<String, Bytes> m, String key, Bytes b) { if (b != null) m.put(key, b); }
}
