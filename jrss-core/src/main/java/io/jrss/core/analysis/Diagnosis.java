// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerBuilder;
import io.jrss.core.model.Unavailable;
import io.jrss.core.rules.Finding;
import io.jrss.core.rules.Rule;
import io.jrss.core.rules.RuleResult;
import io.jrss.core.rules.Rules;
import io.jrss.core.rules.culprits.Culprits;
import io.jrss.core.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What jrss concluded about one snapshot: the ledger, the findings (most severe first), the rules that could not be
 * evaluated and why, and the readings that were unavailable. Pure: built from a Snapshot with no I/O.
 */
public record Diagnosis(Snapshot snapshot, Ledger ledger, List<Finding> findings, List<RuleResult.NotEvaluated> notEvaluated,
                        List<Unavailable> unavailable) {

    public static Diagnosis of(Snapshot snapshot) { return of(snapshot, Rules.snapshotRules()); }

    public static Diagnosis of(Snapshot snapshot, List<Rule> rules) {
        Ledger ledger = LedgerBuilder.build(snapshot);
        List<Finding> findings = new ArrayList<>();
        List<RuleResult.NotEvaluated> notEvaluated = new ArrayList<>();
        for (Rule r : rules) {
            RuleResult result = r.evaluate(snapshot, ledger);
            if (result instanceof RuleResult.Fired f) {
                Finding same = findings.stream().filter(x -> x.id().equals(f.finding().id())).findFirst().orElse(null);
                if (same == null) findings.add(f.finding());
                else if (f.finding().severity().compareTo(same.severity()) > 0) findings.set(findings.indexOf(same), f.finding());
            }
            if (result instanceof RuleResult.NotEvaluated n) notEvaluated.add(n);
        }
        notEvaluated.removeIf(n -> findings.stream().anyMatch(f -> f.id().equals(n.rule()))); // another rule of the same id judged it
        findings.sort(Comparator.comparing(Finding::severity).reversed().thenComparing(Finding::id));
        findings.replaceAll(f -> Culprits.of(snapshot, f));
        return new Diagnosis(snapshot, ledger, List.copyOf(findings), List.copyOf(notEvaluated), snapshot.unavailable());
    }
}
