// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

import io.jrss.core.model.Allocator;
import io.jrss.core.model.HeapInfo;
import io.jrss.core.model.JvmFlags;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.Reading;
import io.jrss.core.model.Unavailable;
import io.jrss.core.model.VmInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One moment of one Java process: every reading of {@link Readings}, each available or missing with its reason.
 * Built from a {@code Capture} by {@link SnapshotParser}, by name; never touches a process. Immutable. A reading is
 * read one way, {@code get(Readings.X)}; the methods below derive something from the readings.
 */
public final class Snapshot {
    private final int pid;
    private final Instant time;
    private final Map<ReadingSpec<?>, Reading<?>> readings;

    public Snapshot(int pid, Instant time, Map<ReadingSpec<?>, Reading<?>> readings) {
        this.pid = pid; this.time = time; this.readings = Map.copyOf(readings);
    }

    public int pid() { return pid; }
    public Instant time() { return time; }

    /** The reading, or missing with "not captured" when this snapshot was built without it. */
    @SuppressWarnings("unchecked") // put only by with(), whose spec and reading share T
    public <T> Reading<T> get(ReadingSpec<T> spec) {
        Reading<?> r = readings.get(spec);
        return r != null ? (Reading<T>) r : Reading.missing(spec.name(), "not captured", spec.how());
    }

    /** A copy with one reading replaced. */
    public <T> Snapshot with(ReadingSpec<T> spec, Reading<T> reading) {
        Map<ReadingSpec<?>, Reading<?>> m = new LinkedHashMap<>(readings);
        m.put(spec, reading);
        return new Snapshot(pid, time, m);
    }

    /** The target's environment as captured (credentials already redacted), empty when not captured. */
    public Map<String, String> environment() { return get(Readings.ENVIRONMENT).value().orElse(Map.of()); }
    /** The target's system properties (credentials already redacted), empty when not captured. */
    public Map<String, String> systemProperties() { return get(Readings.SYSTEM_PROPERTIES).value().orElse(Map.of()); }

    /** Every missing reading a report lists, in the registry's order: an expected one, or one that failed to parse. */
    public List<Unavailable> unavailable() {
        List<Unavailable> out = new ArrayList<>();
        for (ReadingSpec<?> spec : Readings.all()) get(spec).why().filter(spec::reportsMissing).ifPresent(out::add);
        return out;
    }

    /** The allocator preloaded into the target ("jemalloc", "tcmalloc", "mimalloc"), or null for glibc malloc. */
    public Allocator preloadedAllocator() {
        String preload = environment().getOrDefault("LD_PRELOAD", "");
        VmInfo info = get(Readings.VM_INFO).orNull();
        if (preload.isEmpty() && info != null && info.ldPreload() != null) preload = info.ldPreload();
        Allocator named = Allocator.named(preload);
        if (named != null) return named;
        Allocator mapped = mappedAllocator();
        return mapped == Allocator.glibc ? null : mapped;
    }

    /**
     * The malloc the target's mappings show, whatever its environment says: "jemalloc", "tcmalloc" or "mimalloc" when
     * that library is mapped, "glibc" when none is, null when smaps was not read. What proves an arm of
     * {@code jrss compare} ran as named.
     */
    public Allocator mappedAllocator() {
        List<Mapping> maps = get(Readings.SMAPS).orNull();
        if (maps == null) return null;
        for (Mapping m : maps) {
            Allocator mapped = Allocator.mapped(m.pathname());
            if (mapped != null) return mapped;
        }
        return Allocator.glibc;
    }

    /** The pid as the commands of a remedy print it: "&lt;pid&gt;" when the input named none (a paste, a JFR file). */
    public String pidText() { return pid == 0 ? "<pid>" : Integer.toString(pid); }

    /** The JVM vendor from the system properties, or null. */
    public String vendor() {
        Map<String, String> p = systemProperties();
        return p.getOrDefault("java.vm.vendor", p.get("java.vendor"));
    }

    /** The GC in use: from GC.heap_info, else from the Use...GC flag. */
    public String gc() {
        HeapInfo h = get(Readings.HEAP).orNull();
        if (h != null && !"unknown".equals(h.gc())) return h.gc();
        JvmFlags f = get(Readings.FLAGS).orNull();
        if (f != null) {
            for (var e : Map.of("UseG1GC", "G1", "UseParallelGC", "Parallel", "UseSerialGC", "Serial", "UseZGC", "ZGC",
                    "UseShenandoahGC", "Shenandoah", "UseEpsilonGC", "Epsilon", "UseConcMarkSweepGC", "CMS").entrySet()) {
                if (f.isOn(e.getKey())) return e.getValue();
            }
        }
        return "unknown";
    }
}
