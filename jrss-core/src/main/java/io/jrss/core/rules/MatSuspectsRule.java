// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.LeakSuspects;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * heap-leak from Eclipse MAT's leak suspects: one suspect retains at least {@link #SHARE} of the heap. MAT names a
 * suspect from 10%; a framework's usual structures (Spring's bean factory, the class objects) stay well below a
 * third, so a third and more held by one object is the signature of what a leak accumulates. One dump shows the
 * holder, not the growth: medium confidence.
 */
public final class MatSuspectsRule implements Rule {
    static final double SHARE = 0.3;

    @Override public String id() { return Findings.HEAP_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        LeakSuspects l = s.get(Readings.LEAK_SUSPECTS).orNull();
        LeakSuspects.Suspect top = l == null ? null : l.largest();
        // many class loaders are MatClassLoadersRule's (metaspace-leak); one loader's whole component is a share of the heap
        if (top == null || !(top.share() >= SHARE) || top.classLoader() && top.instances() >= MatClassLoadersRule.MANY) return RuleResult.quiet();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "MAT's leak suspect: " + top.holder() + " retains " + top.retained().toIec() + " (" + Evidence.pct(top.share()) + " of the heap)"
                        + (top.accumulated() == null ? "" : ", accumulated in " + top.accumulated()),
                Evidence.builder().value("holder", top.holder()).bytes("retained", top.retained()).ratio("share_of_heap", top.share())
                        .value("accumulated_in", top.accumulated()).value("suspects", l.suspects().size())
                        .value("ruled_out", "a framework's usual structures: one object retains " + Evidence.pct(top.share())
                                + " of the heap; not ruled out by one dump: that it keeps growing").build(),
                List.of("Open the suspect's shortest paths to GC roots in MAT: the field that keeps " + top.holder() + "'s entries is the leak",
                        "Bound what it holds: an eviction policy or a size limit for a cache, removing listeners and ThreadLocals when done",
                        "Confirm it grows: a second dump (or two class histograms) later, or jrss watch " + s.pidText()),
                Confidence.medium));
    }
}
