// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.text;

/**
 * Text a target wrote (its replies, its /proc files, its hsperfdata, a capture someone sent) made safe to show: the
 * control characters that could drive a terminal or hide text are replaced by {@code '?'}. Kept are tab and newline,
 * which every reading is made of. Replaced are the rest of C0 (ESC starts every terminal escape sequence; CR rewrites a
 * line), DEL, the C1 controls (U+009B is a one-character CSI on some terminals), and the bidirectional overrides and
 * isolates that reorder what a reader sees (U+202A..U+202E, U+2066..U+2069). The text is otherwise unchanged, so a
 * reading that parses still parses; text without such characters is returned as it is, without copying.
 */
public final class Untrusted {
    private Untrusted() {}

    public static String text(String s) {
        if (s == null) return null;
        int i = 0;
        while (i < s.length() && !unsafe(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder b = new StringBuilder(s.length()).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(unsafe(c) ? '?' : c);
        }
        return b.toString();
    }

    /** A single line: {@link #text} with newlines and tabs replaced too, for labels, keys and one-line messages. */
    public static String line(String s) {
        String t = text(s);
        return t == null ? null : t.replace('\n', '?').replace('\t', ' ');
    }

    static boolean unsafe(char c) {
        if (c >= 0x20 && c < 0x7f) return false; // the common case first: smaps is tens of MB of it
        if (c < 0x20) return c != '\n' && c != '\t';
        if (c < 0x7f) return false;
        if (c <= 0x9f) return true; // DEL and C1
        return c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
    }
}
