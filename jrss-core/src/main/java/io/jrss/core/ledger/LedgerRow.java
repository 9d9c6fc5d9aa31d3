// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;

/** One row of the ledger: a stable id (docs/architecture.md, "The ledger"), its resident bytes, how sure, and where they came from. */
public record LedgerRow(Row row, Bytes bytes, Accuracy accuracy, String source) {
    /** The row's id as JSON spells it. */
    public String id() { return row.id(); }
}
