// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.LeakSuspects;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * metaspace-leak from Eclipse MAT's leak suspects: the suspect is class loaders ("371 instances of "*ClassLoader" ...
 * occupy ..."): loaders kept alive past their use (a redeployment, a plugin, a script engine per request) hold their
 * classes' metadata in metaspace beside what they retain in the heap. An application has a handful of loaders; ten or
 * more of one suspect is the signature of a class loader leak. One loader that retains much ("The classloader/component
 * X occupies 75%") is a component's share of the heap, which MatSuspectsRule judges.
 */
public final class MatClassLoadersRule implements Rule {
    static final long MANY = 10;

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        LeakSuspects l = s.get(Readings.LEAK_SUSPECTS).orNull();
        if (l == null) return RuleResult.quiet();
        LeakSuspects.Suspect loaders = l.suspects().stream().filter(LeakSuspects.Suspect::classLoader)
                .filter(x -> x.instances() >= MANY)
                .findFirst().orElse(null);
        if (loaders == null) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "MAT's leak suspect is class loaders: " + loaders.instances() + " of " + loaders.holder() + " retain " + loaders.retained().toIec()
                        + (Double.isNaN(loaders.share()) ? "" : " (" + Evidence.pct(loaders.share()) + " of the heap)"),
                Evidence.builder().value("holder", loaders.holder()).value("class_loaders", loaders.instances()).bytes("retained", loaders.retained())
                        .value("sentence", loaders.sentence())
                        .value("ruled_out", "an application's own few loaders: " + loaders.instances() + " are alive; not ruled out by one dump: that their number keeps growing").build(),
                List.of("Open the loaders' shortest paths to GC roots in MAT: what still references each (a shutdown hook, a thread, a static cache, a ThreadLocal) keeps it and its classes",
                        "Release them when their job ends: undeploy hooks, thread context class loaders of pooled threads, JDBC drivers and MBeans registered by the webapp",
                        "Confirm the growth over time: jcmd " + s.pidText() + " VM.classloader_stats twice, or jrss watch " + s.pidText()),
                Confidence.medium));
    }
}
