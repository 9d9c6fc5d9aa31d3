// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates the ledger's rows while the builder apportions: a row may get bytes from several sources
 * (e.g. GC structures from NMT's mmap and malloc figures); it is exact only if every part was exact.
 */
final class Rows {
    private final Map<Row, Bytes> bytes = new EnumMap<>(Row.class);
    private final Map<Row, Accuracy> accuracy = new EnumMap<>(Row.class);
    private final Map<Row, List<String>> sources = new EnumMap<>(Row.class);

    Rows() {
        for (Row id : Row.values()) {
            bytes.put(id, Bytes.ZERO);
            accuracy.put(id, Accuracy.exact);
            sources.put(id, new ArrayList<>());
        }
    }

    void add(Row id, Bytes amount, Accuracy c, String source) {
        bytes.merge(id, amount, Bytes::plus);
        if (c == Accuracy.estimate && amount.isPositive()) accuracy.put(id, Accuracy.estimate);
        if (amount.isPositive() || sources.get(id).isEmpty()) sources.get(id).add(source);
    }

    Bytes get(Row id) { return bytes.get(id); }

    List<LedgerRow> build() {
        List<LedgerRow> out = new ArrayList<>();
        for (Row id : Row.values()) {
            List<String> s = sources.get(id);
            out.add(new LedgerRow(id, bytes.get(id), accuracy.get(id), s.isEmpty() ? "nothing found" : String.join("; ", s)));
        }
        return out;
    }
}
