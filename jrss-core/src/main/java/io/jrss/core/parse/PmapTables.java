// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Mapping;
import java.util.ArrayList;
import java.util.List;

/**
 * Several {@code pmap -x} (or {@code -X}) outputs of one process pasted one after the other, as people compare two
 * times: each starts at its header (or its {@code <pid>:   <command>} line) after the previous one's rows. Reading
 * them as one table would count every mapping twice; the snapshot reads the last, and the growth between the first
 * and the last is read from both.
 */
public final class PmapTables {
    private PmapTables() {}

    /** The tables' texts, in the order given (one when there is one). */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean rows = false, total = false;
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            boolean starts = l.startsWith("Address") || total && l.matches("\\d{1,9}:\\s+.*");
            if (starts && rows) {
                out.add(cur.toString());
                cur.setLength(0);
                rows = total = false;
            }
            if (l.matches("[0-9a-fA-F]{6,16}\\s+\\d.*")) rows = true;
            if (l.startsWith("total")) total = true;
            cur.append(line).append('\n');
        }
        if (!cur.toString().isBlank()) out.add(cur.toString());
        return out;
    }

    /** The last table's text. */
    public static String last(String text) {
        List<String> t = split(text);
        return t.get(t.size() - 1);
    }

    /** Every table parsed, or null when there are fewer than two (one table is a snapshot, not a series). */
    public static List<List<Mapping>> series(String text) {
        List<String> t = split(text);
        if (t.size() < 2) return null;
        List<List<Mapping>> out = new ArrayList<>();
        for (String one : t) out.add(PmapParser.parse(one));
        return List.copyOf(out);
    }
}
