// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.SmapsRollup;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads {@code /proc/<pid>/smaps_rollup}: the "[rollup]" header and "Name: N kB" fields, in bytes. */
public final class SmapsRollupParser {
    private static final String WHAT = "/proc/<pid>/smaps_rollup";

    private SmapsRollupParser() {}

    public static SmapsRollup parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        Map<String, Long> fields = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            if (s.isEmpty()) continue;
            if (i == 0 && s.endsWith("[rollup]")) continue;
            int colon = s.indexOf(':');
            if (colon < 1) throw new ParseException(no, "not a line of " + WHAT + ": '" + Text.shorten(s) + "'");
            String value = s.substring(colon + 1).strip();
            if (!value.endsWith(" kB")) throw new ParseException(no, "expected 'N kB' for " + s.substring(0, colon) + "; truncated?");
            long kib = Text.parseLong(value.substring(0, value.length() - 3), no, s.substring(0, colon));
            fields.put(s.substring(0, colon), Math.multiplyExact(kib, 1024L));
        }
        if (!fields.containsKey("Rss")) throw new ParseException(0, "no Rss field; not " + WHAT);
        return new SmapsRollup(Collections.unmodifiableMap(fields));
    }
}
