// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Map;
import java.util.OptionalLong;

/**
 * HotSpot's performance counters ({@code jcmd <pid> PerfCounter.print}, the hsperfdata that jstat reads), by their
 * own names: {@code java.cls.loadedClasses}, {@code sun.gc.generation.1.space.0.used}, ... Values stay text; the
 * accessors below read the few that jrss follows over time. Cheap to read and independent of NMT.
 */
public record PerfCounters(Map<String, String> values) {
    public PerfCounters { values = Map.copyOf(values); }

    public OptionalLong number(String name) {
        String v = values.get(name);
        if (v == null) return OptionalLong.empty();
        try {
            return OptionalLong.of(Long.parseLong(v.strip()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Classes loaded now, as ClassLoadingMXBean counts them: loaded + shared loaded − unloaded − shared unloaded. */
    public OptionalLong loadedClasses() {
        OptionalLong loaded = number("java.cls.loadedClasses");
        if (loaded.isEmpty()) return loaded;
        return OptionalLong.of(loaded.getAsLong() + number("java.cls.sharedLoadedClasses").orElse(0)
                - number("java.cls.unloadedClasses").orElse(0) - number("java.cls.sharedUnloadedClasses").orElse(0));
    }

    /**
     * Seconds since the JVM started, at {@code at} (when the counters were read): HotSpot's elapsed counter
     * (sun.os.hrt.ticks, counted from the JVM's start, over sun.os.hrt.frequency) up to JDK 21; JDK 25 no longer
     * exports the ticks, so there it is {@code at} minus sun.rt.createVmBeginTime (milliseconds since the epoch).
     * Empty where neither is there, or the result is negative.
     */
    public java.util.OptionalDouble uptimeSeconds(java.time.Instant at) {
        OptionalLong ticks = number("sun.os.hrt.ticks"), hz = number("sun.os.hrt.frequency");
        if (ticks.isPresent() && hz.isPresent() && hz.getAsLong() > 0 && ticks.getAsLong() >= 0) {
            return java.util.OptionalDouble.of(ticks.getAsLong() / (double) hz.getAsLong());
        }
        OptionalLong begin = number("sun.rt.createVmBeginTime");
        if (begin.isEmpty() || at == null || at.toEpochMilli() < begin.getAsLong()) return java.util.OptionalDouble.empty();
        return java.util.OptionalDouble.of((at.toEpochMilli() - begin.getAsLong()) / 1000.0);
    }

    /** Live Java threads (java.threads.live); native threads are in /proc/pid/status. */
    public OptionalLong liveThreads() { return number("java.threads.live"); }

    /** Bytes used in the old generation (G1, Parallel, Serial), or in the whole heap of single-generation ZGC. */
    public OptionalLong oldGenUsed() { return number("sun.gc.generation.1.space.0.used"); }

    /**
     * Collections that reclaim the old generation: every collector whose name says so. JDK 17+: G1's "full" and
     * "concurrent cycle" pauses, Parallel's and Serial's "full" collections, ZGC's "concurrent cycle" or "major"
     * pauses, Shenandoah's cycles. JDK 8 and 11: "G1 stop-the-world full collections" and "... phases" (remark,
     * cleanup), PSParallelCompact, PSMarkSweep, MSC (Serial's mark-sweep-compact), CMS.
     */
    public long oldCollections() {
        return invocations(name -> name.contains("full") || name.contains("concurrent") || name.contains("old") || name.contains("major")
                || name.contains("phases") || name.contains("compact") || name.contains("marksweep") || name.equals("msc") || name.equals("cms")
                || name.startsWith("shenandoah"));
    }

    /**
     * Stop-the-world collections that compact the whole heap, after which the old generation holds only live data:
     * G1's, Parallel's and Serial's "full" collections (JDK 17+), "G1 stop-the-world full collections",
     * PSParallelCompact, PSMarkSweep and MSC (JDK 8, 11). A class histogram or GC.run is one. Not a concurrent cycle.
     */
    public long fullCollections() {
        return invocations(name -> !name.contains("concurrent")
                && (name.contains("full") || name.contains("compact") || name.contains("marksweep") || name.equals("msc")));
    }

    /** All collections of every collector. */
    public long collections() { return invocations(name -> true); }

    /** The invocations of every collector whose name, lower case and unquoted ("g1 full collection pauses"), {@code kind} accepts. */
    private long invocations(java.util.function.Predicate<String> kind) {
        long n = 0;
        for (int i = 0; values.containsKey("sun.gc.collector." + i + ".name"); i++) {
            String name = values.get("sun.gc.collector." + i + ".name").toLowerCase(java.util.Locale.ROOT).replace("\"", "").strip();
            if (kind.test(name)) n += number("sun.gc.collector." + i + ".invocations").orElse(0);
        }
        return n;
    }
}
