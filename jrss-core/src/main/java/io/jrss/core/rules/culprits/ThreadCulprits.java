// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.culprits;

import io.jrss.core.model.ThreadDump;
import io.jrss.core.model.ThreadGroups;
import io.jrss.core.rules.Culprit;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/** Thread-leak's and thread-creation-failed's culprits: the Java threads grouped by name, digits folded ({@code pool-N-thread-M}). */
final class ThreadCulprits {
    /** Native-oom names its threads only when they are this many: then they, not one allocation, used the memory up. */
    static final int MANY = 1000;

    private ThreadCulprits() {}

    /** For native-oom: the groups when the dump or hs_err file lists {@link #MANY} Java threads or more, else none. */
    static List<Culprit> ofMany(Snapshot s) {
        ThreadDump d = s.get(Readings.THREAD_DUMP).orNull();
        return d == null || d.javaThreads() < MANY ? List.of() : of(s);
    }

    static List<Culprit> of(Snapshot s) {
        ThreadDump d = s.get(Readings.THREAD_DUMP).orNull();
        if (d == null) return List.of();
        ThreadGroups groups = d.javaGroups();
        String how = d.vm() != null && d.vm().startsWith("the hs_err") ? "the hs_err file's thread list"
                : "jcmd " + s.pidText() + " Thread.print, grouped by name";
        // After the largest group, only groups: a thread alone ("main", "Finalizer") is nobody's culprit.
        return groups.groups().stream().filter(g -> g == groups.largest() || g.count() > 1).limit(Culprits.TOP)
                .map(g -> new Culprit(Culprit.Kind.THREAD_GROUP, g.pattern(), null, (long) g.count(), null,
                        Culprit.share(g.count(), groups.total()), how))
                .toList();
    }
}
