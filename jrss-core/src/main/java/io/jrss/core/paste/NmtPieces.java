// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An NMT output as people paste it: in pieces, with their words between, or cut in its last line; mended with a note each. */
final class NmtPieces {
    private NmtPieces() {}

    /** The NMT output without the lines between its pieces and without a torn last line; a note says what went. */
    static String mended(String where, String raw, List<String> notes) {
        return withoutTornLastLine(where, withoutProse(where, raw, notes), notes);
    }

    /** What NMT prints: its heading, Total, the category and "(...)" lines, malloc/mmap totals, detail's sites and map. */
    private static final Pattern NMT_PRINTS = Pattern.compile("^(Native Memory Tracking|Total:|-|\\(|: \\(|malloc|mmap|\\[|Virtual memory map|Details"
            + "|scale|\\d+:$).*|.*\\(reserved=.*");

    /**
     * An NMT output pasted in pieces into a thread, with a time, a sentence or a link between the pieces: those
     * lines go, with a note, and the pieces are read as one output (the last Total wins).
     */
    private static String withoutProse(String where, String text, List<String> notes) {
        StringBuilder kept = new StringBuilder();
        int dropped = 0;
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            if (l.isEmpty() || NMT_PRINTS.matcher(l).matches()) kept.append(line).append('\n');
            else dropped++;
        }
        if (dropped == 0) return text;
        notes.add(where + ": " + dropped + " line(s) between the pieces of the NMT output (times, prose, links) were left out");
        return kept.toString();
    }

    /** A piece of NMT cut inside its last line ("-", or a "(" never closed): that line goes, with a note. */
    private static String withoutTornLastLine(String where, String text, List<String> notes) {
        String last = TornTails.lastLine(text).strip();
        long open = last.chars().filter(c -> c == '(').count(), close = last.chars().filter(c -> c == ')').count();
        if (!last.equals("-") && open <= close) return text;
        String t = text.stripTrailing();
        String before = t.substring(0, Math.max(0, t.lastIndexOf('\n') + 1));
        Matcher reserved = TORN_CATEGORY.matcher(last);
        if (reserved.find()) { // what it has before the cut is read; its committed part is unknown
            notes.add(where + ": the last line was cut off ('" + last + "'); its reserved part is read, its committed part is unknown");
            return before + reserved.group(1) + ")\n";
        }
        notes.add(where + ": the last line was cut off ('" + last + "') and was left out");
        return before;
    }

    /** A category line cut after its reserved part: "-  Thread (reserved=24002848KB +17255840KB, commi". */
    private static final Pattern TORN_CATEGORY = Pattern.compile("^(-\\s+[A-Z][\\w ]+ \\(reserved=\\d+[KMG]?B(?: [+-]\\d+[KMG]?B)?),");
}
