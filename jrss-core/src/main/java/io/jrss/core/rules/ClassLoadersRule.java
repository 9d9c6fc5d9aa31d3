// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.Metaspace;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * metaspace-leak from one VM.metaspace: tens of thousands of class loaders. An application has a few, an
 * application server or a build a few hundred, and reflection's delegating loaders (JDK 8 to 17) a few thousand;
 * a loader per generated class (bytecode generators, scripting, proxies) that nobody releases makes tens of
 * thousands, each with its own metaspace chunks. One snapshot cannot show the growth, so the confidence is medium.
 */
public final class ClassLoadersRule implements Rule {
    static final long MANY_LOADERS = 10_000;
    static final Bytes MIN_USED = Bytes.ofMiB(256);

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        Metaspace m = s.get(Readings.METASPACE).orNull();
        if (m == null || m.loaders() < 0) return RuleResult.quiet();
        Bytes used = m.both().used();
        if (m.loaders() < MANY_LOADERS || used.compareTo(MIN_USED) < 0) return RuleResult.quiet();
        double perLoader = m.classes() < 0 ? Double.NaN : m.classes() / (double) m.loaders();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                m.loaders() + " class loaders hold " + used.toIec() + " of metaspace"
                        + (Double.isNaN(perLoader) ? "" : String.format(java.util.Locale.ROOT, " (%.1f classes each)", perLoader)),
                Evidence.builder().value("class_loaders", m.loaders()).value("classes", m.classes() < 0 ? null : m.classes())
                        .bytes("metaspace_used", used).bytes("metaspace_committed", m.both().committed())
                        .value("ruled_out", "an application's own loaders (a few hundred) and reflection's delegating loaders (a few thousand): there are "
                                + m.loaders() + "; not ruled out by one snapshot: that they stopped growing").build(),
                List.of("See which loaders they are: jcmd " + pid + " VM.metaspace show-loaders (count them by class), or VM.classloader_stats",
                        "A loader per generated class that stays reachable: cache the generated classes (or their factory) instead of generating per call",
                        "Confirm the growth: jcmd " + pid + " VM.metaspace again later, or jrss watch " + pid),
                Confidence.medium));
    }
}
