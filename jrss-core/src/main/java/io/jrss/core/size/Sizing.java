// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.size;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Finding.Confidence;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code jrss size} recommends for one JVM (docs/size.md): a container limit, the JVM flags and environment that keep
 * the JVM inside it, each part of the limit with the measurement behind it, and the buildpack formula's answer for the
 * same JVM beside it; or, when a part still grows, a refusal that names the leak.
 *
 * @param limit       the recommended memory limit, or null when refused
 * @param javaOptions the flags, in the order a command line takes them
 * @param env         environment variables (MALLOC_ARENA_MAX where glibc keeps memory)
 * @param rows        the parts of the limit, summing to it (the last, "unseen", is the headroom for what was not seen)
 * @param peakUsage   the highest container footprint the input saw (cgroup usage, else RSS)
 * @param span        how long the input watched; zero for one capture
 * @param notes       what the recommendation assumes (threads, classes) and what it could not know
 * @param buildpack   the buildpack memory calculator's answer for the same JVM, or null when refused
 * @param maxRamPercentage the heap's share of the limit, for -XX:MaxRAMPercentage instead of -Xmx (images that size the
 *                    heap from the container); 0 when refused
 * @param refused     why there is no recommendation, or null
 */
public record Sizing(Bytes limit, List<String> javaOptions, Map<String, String> env, List<SizeRow> rows, Confidence confidence,
                     Bytes peakUsage, Duration span, List<String> notes, Buildpack buildpack, double maxRamPercentage, Refused refused) {
    /** The finding that stops a recommendation (a part of the footprint that still grows), and why. */
    public record Refused(String finding, String reason) {}

    public Sizing {
        javaOptions = List.copyOf(javaOptions);
        env = Map.copyOf(env);
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    public static Sizing refused(Bytes peakUsage, Duration span, Refused why) {
        return new Sizing(null, List.of(), Map.of(), List.of(), Confidence.high, peakUsage, span, List.of(), null, 0, why);
    }

    public boolean isRefused() { return refused != null; }

    /**
     * This recommendation, made from a run under {@code first}'s flags and environment, keeping those of them that are
     * not the heap's (an allocator's arena count, a periodic trim): the run showed their effect, and its limit holds only
     * with them. {@code note} says so.
     */
    public Sizing keeping(Sizing first, String note) {
        List<String> options = new java.util.ArrayList<>(javaOptions);
        for (String f : first.javaOptions()) {
            String name = f.contains("=") ? f.substring(0, f.indexOf('=') + 1) : f;
            if (!f.startsWith("-Xm") && !f.equals("-XX:+AlwaysPreTouch") && options.stream().noneMatch(o -> o.startsWith(name))) options.add(f);
        }
        Map<String, String> e = new java.util.LinkedHashMap<>(first.env());
        e.putAll(env);
        List<String> n = new java.util.ArrayList<>(notes);
        n.add(note);
        return new Sizing(limit, options, e, rows, confidence, peakUsage, span, n, buildpack, maxRamPercentage, refused);
    }

    /** The heap part, as -Xmx gives it. */
    public Bytes heap() { return rows.stream().filter(r -> r.id().equals("java-heap")).map(SizeRow::bytes).findFirst().orElse(Bytes.ZERO); }

    /**
     * The buildpack memory calculator's formula for the same JVM (Paketo / Cloud Foundry): -Xmx = limit − direct memory
     * (10 MiB) − metaspace (5,800 B a loaded class + 14 MiB) − ReservedCodeCacheSize (240 MiB) − threads (250) × stack.
     *
     * @param nonHeap the non-heap the formula reserves for this JVM's classes and stack size
     * @param limit   the limit the formula needs to give this JVM the same heap: heap + nonHeap
     * @param measuredNonHeap what this JVM's non-heap parts measured, without headroom
     * @param classes     the classes loaded at most in the watch (the calculator counts 35% of the application's class files)
     * @param threads     the calculator's thread count (250)
     * @param threadsSeen the threads at most in the watch
     */
    public record Buildpack(Bytes nonHeap, Bytes limit, Bytes measuredNonHeap, long classes, long threads, Bytes stack, long threadsSeen) {
        /** True when the formula leaves less for non-heap than this JVM used: at the formula's limit it would have been killed. */
        public boolean underProvisions() { return nonHeap.compareTo(measuredNonHeap) < 0; }
    }
}
