// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Accuracy;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.model.Unavailable;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/** nmt-off: NMT is off, so the JVM's own native memory is estimated. Informational, with how to turn it on. */
public final class NmtOffRule implements Rule {
    @Override public String id() { return Findings.NMT_OFF.id(); }

    @Override public RuleResult evaluate(Snapshot s, Ledger ledger) {
        if (s.get(Readings.NMT).isAvailable()) return RuleResult.quiet();
        boolean off = s.get(Readings.NMT).why().map(Unavailable::switchedOff).orElse(false);
        if (!off) return notEvaluated("NMT could not be read: " + s.get(Readings.NMT).why().map(u -> u.reason()).orElse("?"));
        List<String> estimates = ledger.rows().stream().filter(r -> r.accuracy() == Accuracy.estimate && r.bytes().isPositive())
                .map(LedgerRow::id).toList();
        return RuleResult.fired(new Finding(id(), Severity.info,
                title(estimates.size()),
                Evidence.builder().value("estimated_rows", String.join(", ", estimates)).build(),
                List.of("Restart the JVM with -XX:NativeMemoryTracking=summary (a few percent overhead; detail costs more)",
                        "Then run jrss explain again: JVM malloc, GC structures, metaspace and direct buffers become measured"),
                Finding.Confidence.high));
    }

    static String title(int estimatedRows) {
        return "Native Memory Tracking is off: " + (estimatedRows == 1 ? "1 ledger row is an estimate" : estimatedRows + " ledger rows are estimates");
    }
}
