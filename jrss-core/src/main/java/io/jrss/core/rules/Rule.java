// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

import io.jrss.core.ledger.Ledger;
import io.jrss.core.snapshot.Snapshot;

/** Judges one snapshot and its ledger. Pure: no I/O, no clock. */
public interface Rule {
    /** The finding id this rule raises. */
    String id();

    RuleResult evaluate(Snapshot snapshot, Ledger ledger);

    default RuleResult notEvaluated(String reason) { return new RuleResult.NotEvaluated(id(), reason); }
}
