// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A text with its backslash escapes undone, as {@code java.util.Properties} reads them, that remembers where each of
 * its characters was written. {@code jcmd VM.system_properties} writes its values as a properties file does:
 * {@code password\=s3cret}, {@code https\://}, and a character beyond ASCII as a backslash, {@code u} and four hex
 * digits; JSON and the logs that carry it write {@code \"}, and {@code &} in that same way. The redactor finds secrets in the value as the program sees it, then writes {@code <redacted>}
 * over the very characters that spelled each one, so the rest of the reading stays exactly as it was written.
 * Undone: backslash-u with four hex digits, {@code \t}, {@code \n}, {@code \r}, {@code \f}, and a backslash before any other character
 * (that character itself); a backslash at the very end stays.
 */
final class Unescaped {
    private final String written;
    private String text;
    /** For each character of {@link #text}: the span of {@link #written} it came from, [from, to). */
    private int[] from, to;
    private final List<int[]> replaced = new ArrayList<>();

    private Unescaped(String written, String text, int[] from, int[] to) {
        this.written = written;
        this.text = text;
        this.from = from;
        this.to = to;
    }

    static Unescaped of(String written) {
        StringBuilder b = new StringBuilder(written.length());
        int[] from = new int[written.length()], to = new int[written.length()];
        int n = 0;
        for (int i = 0; i < written.length(); ) {
            char c = written.charAt(i);
            int len = 1;
            if (c == '\\' && i + 1 < written.length()) {
                char e = written.charAt(i + 1);
                len = 2;
                switch (e) {
                    case 't' -> c = '\t';
                    case 'n' -> c = '\n';
                    case 'r' -> c = '\r';
                    case 'f' -> c = '\f';
                    case 'u' -> {
                        int code = i + 6 <= written.length() ? hex(written, i + 2) : -1;
                        if (code >= 0) { c = (char) code; len = 6; } else c = 'u';
                    }
                    default -> c = e;
                }
            }
            b.append(c);
            from[n] = i;
            to[n++] = i + len;
            i += len;
        }
        return new Unescaped(written, b.toString(), Arrays.copyOf(from, n), Arrays.copyOf(to, n));
    }

    private static int hex(String s, int at) {
        int v = 0;
        for (int i = at; i < at + 4; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0) return -1;
            v = v * 16 + d;
        }
        return v;
    }

    /** The text as its reader sees it, with the replacements made so far. */
    String text() { return text; }

    /** Replaces each span [start, end) of {@link #text} (in order, not overlapping) by {@code with}. */
    void replace(List<int[]> spans, String with) {
        StringBuilder b = new StringBuilder(text.length());
        int[] f = new int[text.length() + spans.size() * with.length()], t = new int[f.length];
        int n = 0, at = 0;
        for (int[] s : spans) {
            for (; at < s[0]; at++, n++) { b.append(text.charAt(at)); f[n] = from[at]; t[n] = to[at]; }
            int start = s[0] < from.length ? from[s[0]] : written.length();
            int end = s[1] > s[0] ? to[s[1] - 1] : start;
            replaced.add(new int[] {start, end});
            for (int k = 0; k < with.length(); k++, n++) { b.append(with.charAt(k)); f[n] = start; t[n] = end; }
            at = s[1];
        }
        for (; at < text.length(); at++, n++) { b.append(text.charAt(at)); f[n] = from[at]; t[n] = to[at]; }
        text = b.toString();
        from = Arrays.copyOf(f, n);
        to = Arrays.copyOf(t, n);
    }

    /** The text as it was written, with {@code with} over the characters that spelled each replaced span. */
    String written(String with) {
        if (replaced.isEmpty()) return written;
        replaced.sort(Comparator.comparingInt((int[] s) -> s[0]).thenComparingInt(s -> -s[1]));
        List<int[]> merged = new ArrayList<>();
        for (int[] s : replaced) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
            else if (last == null || s[0] != last[0] || s[1] != last[1]) merged.add(new int[] {s[0], s[1]});
        }
        return replace(written, merged, with);
    }

    /** {@code text} with each span [start, end) (in order, not overlapping) replaced by {@code with}. */
    static String replace(String text, List<int[]> spans, String with) {
        StringBuilder b = new StringBuilder(text.length());
        int at = 0;
        for (int[] s : spans) {
            b.append(text, at, s[0]).append(with);
            at = s[1];
        }
        return b.append(text, at, text.length()).toString();
    }
}
