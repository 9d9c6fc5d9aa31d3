// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;

/** What NMT's summary and summary.diff lines have in common: the category name, "key=amount", whole parentheses. */
final class NmtLines {
    private NmtLines() {}

    /** "-  Java Heap (reserved=...": the name as HotSpot prints it; some posts drop the dash. */
    static String categoryName(String s, int no) {
        String name = s.substring(0, s.indexOf("(reserved=")).strip();
        if (name.startsWith("-")) name = name.substring(1).strip();
        name = SharedNames.of(name);
        if (name.isEmpty()) throw new ParseException(no, "category without a name");
        return name;
    }

    static Bytes required(String s, String key, int no) {
        String v = Text.after(s, key);
        if (v == null || v.isEmpty()) throw new ParseException(no, "missing '" + key + "' in '" + Text.shorten(s) + "'");
        return Text.amount(v, no, key.substring(0, key.length() - 1));
    }

    /** A line cut in the middle loses its closing parenthesis. */
    static void checkParens(String s, int no) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') depth++;
            else if (c == ')' && --depth < 0) break;
        }
        if (depth != 0) throw new ParseException(no, "unbalanced parentheses; output truncated? '" + Text.shorten(s) + "'");
    }
}
