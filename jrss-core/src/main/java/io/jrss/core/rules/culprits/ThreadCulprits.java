// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.ThreadGroups;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Thread-leak's and thread-creation-failed's culprits: the Java threads grouped by name, digits folded
 * ({@code pool-N-thread-M}), most threads first; with an earlier dump, the groups that grew most first, with their
 * growth per hour in threads. Where a dump has frames, each group says where most of its threads are (an idle pool's
 * {@code ThreadPoolExecutor.getTask}, a client's selector loop): the code that started them, or never stopped them.
 */
final class ThreadCulprits {
    /** Native-oom names its threads only when they are this many: then they, not one allocation, used the memory up. */
    static final int MANY = 1000;

    private ThreadCulprits() {}

    /** For native-oom: the groups when the dump or hs_err file lists {@link #MANY} Java threads or more, else none. */
    static List<Culprit> ofMany(Snapshot earlier, Snapshot later) {
        ThreadDump d = later.get(Readings.THREAD_DUMP).orNull();
        return d == null || d.javaThreads() < MANY ? List.of() : of(earlier, later);
    }

    static List<Culprit> of(Snapshot earlier, Snapshot later) {
        ThreadDump d = later.get(Readings.THREAD_DUMP).orNull();
        if (d == null) return List.of();
        ThreadGroups groups = d.javaGroups();
        double hours = CulpritReading.hours(earlier, later);
        Map<String, Integer> before = hours <= 0 ? Map.of() : earlier.get(Readings.THREAD_DUMP).orNull().javaGroups().groups().stream()
                .collect(Collectors.toMap(ThreadGroups.Group::pattern, ThreadGroups.Group::count, (a, b) -> a));
        String how = d.vm() != null && d.vm().startsWith("the hs_err") ? "the hs_err file's thread list"
                : "jcmd " + later.pidText() + " Thread.print, grouped by name";
        Comparator<ThreadGroups.Group> order = hours <= 0 ? Comparator.comparingInt(ThreadGroups.Group::count).reversed()
                : Comparator.<ThreadGroups.Group>comparingInt(g -> g.count() - before.getOrDefault(g.pattern(), 0)).reversed()
                        .thenComparing(Comparator.comparingInt(ThreadGroups.Group::count).reversed());
        List<ThreadGroups.Group> sorted = groups.groups().stream().sorted(order).toList();
        // After the first group, only groups: a thread alone ("main", "Finalizer") is nobody's culprit.
        Map<String, String> at = where(d);
        return sorted.stream().filter(g -> g == sorted.get(0) || g.count() > 1).limit(Culprits.TOP)
                .map(g -> new Culprit(Culprit.Kind.THREAD_GROUP, g.pattern(), null, (long) g.count(),
                        CulpritReading.perHour(g.count() - before.getOrDefault(g.pattern(), 0), hours), Culprit.share(g.count(), groups.total()),
                        how + (at.containsKey(g.pattern()) ? "; " + at.get(g.pattern()) : "")))
                .toList();
    }

    /**
     * Per name pattern, where most of its threads are: "598 of 600 at jdk.internal.net.http.HttpClientImpl$SelectorManager.run"
     * (the top frame that is not a waiting primitive). Only dumps with frames say it; an hs_err list does not.
     */
    static Map<String, String> where(ThreadDump d) {
        Map<String, Map<String, Integer>> by = new HashMap<>();
        Map<String, Integer> sizes = new HashMap<>();
        for (ThreadDump.Thread t : d.threads()) {
            if (t.state() == null) continue;
            String p = ThreadGroups.pattern(t.name());
            sizes.merge(p, 1, Integer::sum);
            if (t.at() != null) by.computeIfAbsent(p, k -> new HashMap<>()).merge(t.at(), 1, Integer::sum);
        }
        Map<String, String> out = new HashMap<>();
        by.forEach((p, frames) -> frames.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .ifPresent(e -> out.put(p, (e.getValue().equals(sizes.get(p)) ? "all " + e.getValue() : e.getValue() + " of " + sizes.get(p)) + " at " + e.getKey())));
        return out;
    }
}
