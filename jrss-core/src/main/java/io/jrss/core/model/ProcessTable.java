// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * One table of processes as smem, top or htop printed it at one time. Each row keeps what its tool shows and null
 * for the rest: smem gives USS (private), PSS (shared split among sharers), RSS and swap; top and htop give VIRT,
 * RES (resident) and SHR (resident and shared).
 *
 * @param tool "smem", "top" or "htop"
 */
public record ProcessTable(String tool, List<Row> rows) {
    public record Row(long pid, String command, Bytes rss, Bytes pss, Bytes uss, Bytes swap, Bytes virtual, Bytes shared) {
        public boolean isJava() { return command.matches("(?s).*\\bjava\\b.*"); }
    }

    /** The java process with the largest RSS, or null when the table shows none. */
    public Row java() {
        Row best = null;
        for (Row r : rows) if (r.isJava() && r.rss() != null && (best == null || r.rss().greaterThan(best.rss()))) best = r;
        return best;
    }

    /** The row of this pid, or null. */
    public Row pid(long pid) {
        return rows.stream().filter(r -> r.pid() == pid).findFirst().orElse(null);
    }

    /** The java processes shown. */
    public long javas() { return rows.stream().filter(Row::isJava).count(); }
}
