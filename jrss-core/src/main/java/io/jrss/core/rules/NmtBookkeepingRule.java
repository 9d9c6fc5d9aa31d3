// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.rules.Finding.Confidence;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * native-leak from one NMT summary: a category of the JVM's own bookkeeping ({@link NmtCategories#JVM_BOOKKEEPING})
 * holds hundreds of MiB, where a healthy JVM keeps it in the tens whatever it runs. One summary cannot show growth, so
 * the confidence is low and the remedy says how to see it grow.
 */
public final class NmtBookkeepingRule implements Rule {
    static final Bytes LARGE = Bytes.ofMiB(256);

    @Override public String id() { return Findings.NATIVE_LEAK.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        if (nmt == null) return RuleResult.quiet();
        String worst = null;
        Bytes most = Bytes.ZERO;
        for (String c : NmtCategories.JVM_BOOKKEEPING) {
            Bytes b = nmt.committed(c);
            if (b.greaterThan(most)) { most = b; worst = c; }
        }
        if (worst == null || most.compareTo(LARGE) < 0) return RuleResult.quiet();
        String pid = s.pidText();
        return RuleResult.fired(new Finding(id(), Severity.warning,
                "NMT's " + worst + " holds " + most.toIec() + ": the JVM's own bookkeeping, which stays in the tens of MiB in a healthy JVM",
                Evidence.builder().value("category", worst).bytes("committed", most).value("meaning", NmtCategories.MEANING.getOrDefault(worst, worst))
                        .bytes("nmt_total_committed", nmt.totalCommitted())
                        .value("ruled_out", "a large application's ordinary bookkeeping: it stays in the tens of MiB; not ruled out by one summary: a size that no longer grows").build(),
                List.of("See it grow: jcmd " + pid + " VM.native_memory baseline, later jcmd " + pid + " VM.native_memory summary.diff (or jrss watch " + pid + ")",
                        "Object Monitors: locks left inflated; JDK 17-21 deflate them at safepoints, so a long -XX:GuaranteedSafepointInterval (or 0) keeps them; update the JDK",
                        "Symbol: names interned per generated class, lambda or String.intern call; generate once"),
                Confidence.low));
    }
}
