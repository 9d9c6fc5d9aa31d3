// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.analysis.TimelineDiagnosis;
import io.jrss.core.ledger.Ledger;
import io.jrss.core.ledger.LedgerRow;
import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One row of a watch's ledger at peak RSS beside the ledger at the end, chosen once for text and HTML: the peak's
 * rows in its order, then the end's, rounding dust (under 1 KiB on both sides) left out, unattributed always kept.
 */
record PeakRow(String id, Bytes atPeak, Bytes atEnd, String sourceAtEnd) {
    static List<PeakRow> of(TimelineDiagnosis td) {
        Ledger peak = td.peak().ledger(), last = td.last().ledger();
        Set<Row> ids = new LinkedHashSet<>();
        for (LedgerRow r : peak.sorted()) ids.add(r.row());
        for (LedgerRow r : last.sorted()) ids.add(r.row());
        List<PeakRow> rows = new ArrayList<>();
        for (Row id : ids) {
            Bytes a = peak.bytes(id), b = last.bytes(id);
            if (a.value() < 1024 && b.value() < 1024 && id != Row.UNATTRIBUTED) continue; // rounding dust
            String source = last.row(id).map(LedgerRow::source).orElse("");
            rows.add(new PeakRow(id.id(), a, b, source));
        }
        return List.copyOf(rows);
    }
}
