// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.ClassLoaderStats;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;
import java.util.stream.Collectors;

/**
 * metaspace-leak from {@code jmap -clstats} or {@code VM.classloader_stats}: thousands of class loaders of one type
 * that hold classes, a loader per generated class (scripting engines, bytecode generators, proxies) that stays
 * reachable. An application has a few loaders and an application server a few hundred; reflection's delegating
 * loaders (JDK 8 to 17) reach thousands legitimately, so they count only from {@link #MANY_REFLECTION}.
 */
public final class ClassLoaderStatsRule implements Rule {
    static final int MANY = 1000, MANY_REFLECTION = 10_000;

    @Override public String id() { return Findings.METASPACE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        ClassLoaderStats st = s.get(Readings.CLASSLOADER_STATS).orNull();
        if (st == null) return RuleResult.quiet();
        ClassLoaderStats.Type t = st.types().stream().filter(x -> x.classes() > 0)
                .filter(x -> x.loaders() >= (x.type().contains("DelegatingClassLoader") ? MANY_REFLECTION : MANY)).findFirst().orElse(null);
        if (t == null) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                String.format("%,d class loaders of type %s hold %,d classes (%s of metaspace chunks)", t.loaders(), t.type(), t.classes(), t.chunks().toIec()),
                Evidence.builder().value("loader_type", t.type()).value("loaders_of_type", t.loaders()).value("classes_of_type", t.classes())
                        .bytes("metaspace_chunks_of_type", t.chunks()).value("loaders", st.loaders().size()).bytes("metaspace_chunks", st.chunks())
                        .value("other_types", st.types().stream().filter(x -> x != t).limit(3).map(x -> x.loaders() + " " + x.type()).collect(Collectors.joining(", ")))
                        .value("ruled_out", "an application's own loaders (a few) and an application server's (a few hundred): one type has "
                                + t.loaders() + "; not ruled out by one table: that they stopped growing").build(),
                List.of("Find who creates " + t.type() + " per call and keeps it: a heap dump's paths to GC roots of its instances, or a breakpoint in its constructor",
                        "Cache the generated classes (or their factory, a compiled script, a proxy class) instead of generating them per call",
                        "Confirm the growth: the same table later (jcmd " + s.pidText() + " VM.classloader_stats), or jrss watch " + s.pidText()),
                Confidence.medium));
    }
}
