// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * SapMachine's {@code jcmd <pid> VM.vitals}: a table of samples, newest first or last as printed, each a time and
 * its values by column, named by their group and column as the table's header prints them ("process.rss.all",
 * "process.cheap.usd", "jvm.heap.comm", "jvm.mlc"). Sizes are bytes, counts are counts; a blank cell is absent.
 */
public record Vitals(List<Row> rows) {
    public record Row(Instant time, Map<String, Double> values) {
        public Double value(String column) { return values.get(column); }

        public Bytes bytes(String column) { Double v = values.get(column); return v == null ? null : Bytes.of(v.longValue()); }
    }

    /** The rows in time order. */
    public List<Row> inTimeOrder() { return rows.stream().sorted(java.util.Comparator.comparing(Row::time)).toList(); }

    public Row latest() { return inTimeOrder().get(rows.size() - 1); }
}
