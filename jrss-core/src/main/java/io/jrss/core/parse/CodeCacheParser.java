// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeHeap;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code Compiler.codecache}: each {@code CodeHeap '<name>': size=...Kb used=... max_used=... free=...}
 * followed by {@code bounds [low, committed, high]}, or the single {@code CodeCache:} heap of
 * {@code -XX:-SegmentedCodeCache}, and the compilation state.
 * JDK 25 also prints a {@code CodeCache: size=..., used=...} total after segmented heaps; it has no bounds line
 * and is not a heap, so it is skipped. JDK 17 says "compilation: enabled", JDK 25 "Compilation: enabled, ...".
 */
public final class CodeCacheParser {
    private static final String WHAT = "Compiler.codecache output";

    private CodeCacheParser() {}

    public static CodeCache parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        List<CodeHeap> heaps = new ArrayList<>();
        Boolean enabled = null;
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            boolean heapLine = s.startsWith("CodeHeap '") || s.startsWith("CodeCache:");
            if (heapLine) {
                boolean hasBounds = i + 1 < lines.size() && lines.get(i + 1).strip().startsWith("bounds [");
                if (!hasBounds && s.startsWith("CodeCache:") && !heaps.isEmpty()) continue; // JDK 25: the total over the segmented heaps
                String name = s.startsWith("CodeHeap") ? s.substring(10, Math.max(10, s.indexOf("':"))) : "CodeCache";
                // A log line or a paste may lack the bounds: the sizes still count, the address range is unknown.
                long[] b = hasBounds ? bounds(lines.get(i + 1).strip(), no + 1) : null;
                heaps.add(new CodeHeap(name, kb(s, "size=", no), kb(s, "used=", no), kb(s, "max_used=", no),
                        kb(s, "free=", no), b == null ? null : new AddressRange(b[0], b[2]), b == null ? 0 : b[1]));
                if (hasBounds) i++;
            } else if (s.regionMatches(true, 0, "compilation:", 0, 12)) {
                String state = s.substring(12).strip();
                if (state.startsWith("enabled")) enabled = true;
                else if (state.startsWith("disabled")) enabled = false;
                else throw new ParseException(no, "compilation is neither enabled nor disabled: '" + Text.shorten(s) + "'");
            }
        }
        if (heaps.isEmpty()) throw new ParseException(0, "no CodeHeap or CodeCache line; not " + WHAT);
        if (enabled == null) {
            if (text.contains("Compiler has been disabled")) enabled = false; // the warning of a JVM log
            else throw new ParseException(0, "no 'compilation:' line; output truncated?");
        }
        java.util.regex.Matcher full = java.util.regex.Pattern.compile("full_count=(\\d{1,9})").matcher(text);
        return new CodeCache(List.copyOf(heaps), enabled, full.find() ? Long.parseLong(full.group(1)) : -1);
    }

    /** "size=120036Kb" (JDK 25 separates with commas); the leading space keeps "used=" from matching "max_used=". */
    private static Bytes kb(String s, String key, int no) {
        String v = Text.after(s, " " + key);
        if (v == null) throw new ParseException(no, "missing '" + key + "' in '" + Text.shorten(s) + "'");
        String n = v.endsWith("Kb") ? v.substring(0, v.length() - 2) : v.endsWith("K") ? v.substring(0, v.length() - 1) : null; // "free=0K" in logs
        if (n == null) throw new ParseException(no, key + " is not in Kb: '" + Text.shorten(v) + "'");
        return Bytes.ofKiB(Text.parseLong(n, no, key));
    }

    private static long[] bounds(String s, int no) {
        int open = s.indexOf('['), close = s.indexOf(']');
        if (open < 0 || close < open) throw new ParseException(no, "bounds needs '[low, committed, high]'; truncated?");
        String[] p = s.substring(open + 1, close).split(",");
        if (p.length != 3) throw new ParseException(no, "bounds needs three addresses");
        return new long[] {Text.parseHex(p[0], no, "low"), Text.parseHex(p[1], no, "committed"), Text.parseHex(p[2], no, "high")};
    }
}
