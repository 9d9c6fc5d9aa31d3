// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates the ledger's rows while the builder apportions: a row may get bytes from several sources
 * (e.g. GC structures from NMT's mmap and malloc figures); it is exact only if every part was exact.
 */
final class Rows {
    private final Map<String, Bytes> bytes = new LinkedHashMap<>();
    private final Map<String, Accuracy> accuracy = new LinkedHashMap<>();
    private final Map<String, List<String>> sources = new LinkedHashMap<>();

    Rows() {
        for (String id : RowIds.ALL) {
            bytes.put(id, Bytes.ZERO);
            accuracy.put(id, Accuracy.exact);
            sources.put(id, new ArrayList<>());
        }
    }

    void add(String id, Bytes amount, Accuracy c, String source) {
        if (!bytes.containsKey(id)) throw new IllegalArgumentException("unknown ledger row " + id);
        bytes.merge(id, amount, Bytes::plus);
        if (c == Accuracy.estimate && amount.isPositive()) accuracy.put(id, Accuracy.estimate);
        if (amount.isPositive() || sources.get(id).isEmpty()) sources.get(id).add(source);
    }

    Bytes get(String id) { return bytes.get(id); }

    List<LedgerRow> build() {
        List<LedgerRow> out = new ArrayList<>();
        for (String id : RowIds.ALL) {
            List<String> s = sources.get(id);
            out.add(new LedgerRow(id, bytes.get(id), accuracy.get(id), s.isEmpty() ? "nothing found" : String.join("; ", s)));
        }
        return out;
    }
}
