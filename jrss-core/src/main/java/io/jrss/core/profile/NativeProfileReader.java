// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.profile;

import io.jrss.core.model.Bytes;
import io.jrss.core.parse.ParseException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import io.jrss.core.model.Frames;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads the JFR async-profiler writes in nativemem mode with the JDK's own {@code jdk.jfr.consumer}: events
 * {@code profiler.Malloc} (address, size, stackTrace) and {@code profiler.Free} (address). Leak mode as
 * async-profiler's MallocLeakAggregator: in time order a malloc claims its address and a free releases it; what
 * is still claimed at the end, and older than the last tenth of the profile, is unfreed.
 */
public final class NativeProfileReader {
    static final double TAIL = 0.1;

    private NativeProfileReader() {}

    private record Event(long nanos, long address, long size, int stack) {}

    public static NativeProfile read(Path jfr, long intervalBytes) throws IOException {
        List<Event> events = new ArrayList<>();
        Map<List<String>, Integer> stacks = new HashMap<>();
        List<List<String>> byId = new ArrayList<>();
        long mallocs = 0, frees = 0;
        try (RecordingFile f = new RecordingFile(jfr)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                String type = e.getEventType().getName();
                boolean malloc = type.equals("profiler.Malloc");
                if (!malloc && !type.equals("profiler.Free")) continue;
                long nanos = e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano();
                long size = malloc ? e.getLong("size") : 0;
                int stack = -1;
                if (malloc) {
                    mallocs++;
                    List<String> frames = frames(e.getStackTrace());
                    stack = stacks.computeIfAbsent(frames, k -> { byId.add(k); return byId.size() - 1; });
                } else {
                    frees++;
                }
                events.add(new Event(nanos, e.getLong("address"), size, stack));
            }
        } catch (IOException | RuntimeException e) {
            throw new ParseException(0, jfr + " is not a JFR recording of async-profiler's nativemem mode: " + e.getMessage());
        }
        events.sort(Comparator.comparingLong(Event::nanos));
        Map<Long, Event> live = new HashMap<>();
        long[] allocated = new long[byId.size()];
        for (Event e : events) {
            if (e.size() > 0) {
                live.put(e.address(), e);
                allocated[e.stack()] += weight(e.size(), intervalBytes);
            } else {
                live.remove(e.address());
            }
        }
        long first = events.isEmpty() ? 0 : events.get(0).nanos(), last = events.isEmpty() ? 0 : events.get(events.size() - 1).nanos();
        long cutoff = (long) (first * TAIL + last * (1 - TAIL));
        long[] unfreed = new long[byId.size()], count = new long[byId.size()];
        for (Event e : live.values()) {
            if (e.nanos() > cutoff) continue;
            unfreed[e.stack()] += weight(e.size(), intervalBytes);
            count[e.stack()]++;
        }
        return summarise(byId, allocated, unfreed, count, (last - first) / 1e9, intervalBytes, mallocs, frees);
    }

    /** A sampled allocation of {@code size} stands for the bytes between two samples when it is smaller than them. */
    static long weight(long size, long interval) { return interval <= 0 ? size : Math.max(size, interval); }

    private static NativeProfile summarise(List<List<String>> stacks, long[] allocated, long[] unfreed, long[] count, double seconds,
                                           long interval, long mallocs, long frees) {
        List<NativeProfile.Site> sites = new ArrayList<>();
        long totalAllocated = 0, totalUnfreed = 0, tracked = 0;
        Map<String, long[]> groups = new LinkedHashMap<>(), libraries = new LinkedHashMap<>();
        for (int i = 0; i < stacks.size(); i++) {
            boolean jvm = Frames.throughOsMalloc(stacks.get(i));
            sites.add(new NativeProfile.Site(stacks.get(i), Bytes.of(allocated[i]), Bytes.of(unfreed[i]), count[i], jvm));
            totalAllocated += allocated[i];
            totalUnfreed += unfreed[i];
            if (jvm) tracked += unfreed[i];
            add(groups, Frames.caller(stacks.get(i)), allocated[i], unfreed[i]);
            add(libraries, Frames.library(stacks.get(i)), allocated[i], unfreed[i]);
        }
        sites.sort(Comparator.comparing(NativeProfile.Site::unfreed).thenComparing(NativeProfile.Site::allocated).reversed());
        return new NativeProfile(seconds, interval, mallocs, frees, Bytes.of(totalAllocated), Bytes.of(totalUnfreed), Bytes.of(tracked), sites,
                folded(groups), folded(libraries));
    }

    private static void add(Map<String, long[]> groups, String name, long allocated, long unfreed) {
        long[] g = groups.computeIfAbsent(name, k -> new long[3]);
        g[0] += allocated;
        g[1] += unfreed;
        g[2]++;
    }

    private static List<NativeProfile.Group> folded(Map<String, long[]> groups) {
        List<NativeProfile.Group> out = new ArrayList<>();
        groups.forEach((name, g) -> out.add(new NativeProfile.Group(name, Bytes.of(g[0]), Bytes.of(g[1]), (int) g[2])));
        out.sort(Comparator.comparing(NativeProfile.Group::unfreed).thenComparing(NativeProfile.Group::allocated).reversed());
        return out;
    }

    /** Frame kinds async-profiler gives code outside Java; their "class" is the library. */
    static final java.util.Set<String> NATIVE = java.util.Set.of("Native", "C++", "Kernel");

    /** Frames top first: "pkg.Class.method" for Java, "symbol [library]" for native code. */
    private static List<String> frames(RecordedStackTrace trace) {
        if (trace == null) return List.of("(no stack)");
        List<String> out = new ArrayList<>();
        for (RecordedFrame f : trace.getFrames()) {
            var m = f.getMethod();
            if (m == null) continue;
            String owner = m.getType() == null ? "" : m.getType().getName();
            if (NATIVE.contains(f.getType())) out.add(Frames.nativeFrame(m.getName(), owner));
            else out.add(owner.isEmpty() ? m.getName() : owner + "." + m.getName());
        }
        return Frames.withoutHooks(out);
    }
}
