// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The RSS split into rows that sum exactly to {@code rss}. Every resident byte is in exactly one row; what could
 * not be attributed is in {@code unattributed}. {@code partial} is true when the input could not support a full
 * split (no smaps): then the rows that could not be computed are missing and the caller lists them as unavailable.
 * {@code residentByKind} is what smaps alone says, before any apportioning: the ledger's measured base.
 */
public record Ledger(Bytes rss, String rssSource, List<LedgerRow> rows, MallocAccount malloc, List<String> notes,
                     boolean partial, Map<MappingKind, Bytes> residentByKind) {
    public Ledger {
        Bytes sum = rows.stream().map(LedgerRow::bytes).reduce(Bytes.ZERO, Bytes::plus);
        if (!partial && !sum.equals(rss)) throw new IllegalStateException("ledger rows sum to " + sum.value() + ", RSS is " + rss.value());
    }

    /** False when the input had no RSS at all (a pasted NMT summary): then the rows are not a split of anything measured. */
    public boolean rssKnown() { return rss.isPositive(); }

    public Optional<LedgerRow> row(Row row) { return rows.stream().filter(r -> r.row() == row).findFirst(); }

    public Bytes bytes(Row row) { return row(row).map(LedgerRow::bytes).orElse(Bytes.ZERO); }

    public Bytes unattributed() { return bytes(Row.UNATTRIBUTED); }

    /** Rows by bytes, largest first, with unattributed last: the order reports print. */
    public List<LedgerRow> sorted() {
        return rows.stream().sorted(Comparator.comparing((LedgerRow r) -> r.row() == Row.UNATTRIBUTED)
                .thenComparing(LedgerRow::bytes, Comparator.reverseOrder()).thenComparing(LedgerRow::id)).toList();
    }
}
