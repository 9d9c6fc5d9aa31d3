// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What {@code jstat -gc}, {@code -gcutil}, {@code -gcold}, {@code -gccapacity}, {@code -gcmetacapacity} (and
 * {@code -gccause}, {@code -gcnew}, ...) printed: each row a sample of the hsperfdata counters jstat reads, the same
 * counters a watch reads. Columns keep jstat's names; sizes are KiB as printed, {@code O}, {@code M}, {@code E} are
 * percentages of the current capacity, {@code YGC}, {@code FGC}, {@code CGC} counts, {@code *GCT} seconds.
 *
 * @param tables every table in the order given: a header that changes starts a new table, one repeated by
 *               {@code -h<lines>} does not
 */
public record Jstat(List<Table> tables) {

    /**
     * @param option   the option its columns say ("-gc", "-gcutil", ...; "jstat" when they say none)
     * @param interval the sampling interval of the command line pasted above it, or null
     */
    public record Table(String option, List<String> columns, List<Row> rows, Duration interval) {
        public boolean timestamps() { return columns.contains("Timestamp"); }

        public boolean has(String column) { return columns.contains(column); }

        /**
         * When row {@code i} was taken, from the JVM's start: its {@code Timestamp} with {@code -t}; else {@code i}
         * intervals of the command line; else {@code i} seconds (and {@link #timesKnown()} is false).
         */
        public Duration time(int i) {
            Double t = rows.get(i).uptime();
            if (t != null) return Duration.ofMillis(Math.round(t * 1000));
            return (interval != null ? interval : Duration.ofSeconds(1)).multipliedBy(i);
        }

        public boolean timesKnown() { return timestamps() || interval != null; }
    }

    /**
     * One row: its uptime with {@code -t} (else null), its values by column ("-", not applicable, is absent) and, under
     * {@code -gccause}, the causes as printed (the last collection's, then the current one's: "Metadata GC Threshold No GC"), else null.
     */
    public record Row(Double uptime, Map<String, Double> values, String causes) {
        public Double value(String column) { return values.get(column); }

        /** A size column (KiB) in bytes, or null. */
        public Bytes kib(String column) {
            Double v = values.get(column);
            return v == null ? null : Bytes.of(Math.round(v * 1024));
        }

        public Long count(String column) {
            Double v = values.get(column);
            return v == null ? null : Math.round(v);
        }

        /** The old generation's share of its current capacity: {@code O}, or {@code OU / OC}. */
        public Double oldShare() { return share("O", "OU", "OC"); }

        /** Metaspace's share of its current capacity (committed): {@code M}, or {@code MU / MC}. */
        public Double metaspaceShare() { return share("M", "MU", "MC"); }

        /** Collections of the old generation: full ({@code FGC}) and, JDK 9+, concurrent cycles ({@code CGC}), as a watch counts them. */
        public Long oldCollections() {
            Long full = count("FGC");
            if (full == null) return null;
            Long concurrent = count("CGC");
            return concurrent == null ? full : full + concurrent;
        }

        /** The heap in use: survivors, eden and the old generation ({@code -gc}), else null. */
        public Bytes heapUsed() { return sum("S0U", "S1U", "EU", "OU"); }

        private Double share(String percent, String used, String capacity) {
            Double p = values.get(percent);
            if (p != null) return p / 100;
            Double u = values.get(used), c = values.get(capacity);
            return u == null || c == null || c <= 0 ? null : u / c;
        }

        private Bytes sum(String... columns) {
            double kib = 0;
            for (String c : columns) {
                Double v = values.get(c);
                if (v == null) return null;
                kib += v;
            }
            return Bytes.of(Math.round(kib * 1024));
        }
    }

    /** The table a timeline follows: the longest with the old generation's occupancy in bytes, else the longest. */
    public Table series() {
        Table best = null;
        for (Table t : tables) {
            boolean bytes = t.has("OU"), bestBytes = best != null && best.has("OU");
            if (best == null || bytes && !bestBytes || bytes == bestBytes && t.rows().size() > best.rows().size()) best = t;
        }
        return best;
    }
}
