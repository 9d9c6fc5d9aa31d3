// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Helpers shared by the parsers: line splitting, the jcmd pid line, and number parsing that reports a
 * {@link ParseException} with the line number instead of a NumberFormatException.
 */
final class Text {
    private static final Pattern NEWLINE = Pattern.compile("\r?\n");

    private Text() {}

    /** The lines of {@code text}; a ParseException naming {@code what} when it is null or blank. */
    static List<String> lines(String text, String what) {
        if (text == null || text.isBlank()) throw new ParseException(0, "empty input, expected " + what);
        if (text.indexOf('\0') >= 0) throw new ParseException(0, "binary data, expected " + what);
        return List.of(NEWLINE.split(text, -1));
    }

    /** jcmd prints the target's pid ("12345:") as the first line. */
    static boolean isPidLine(String line) {
        String s = line.strip();
        if (s.length() < 2 || !s.endsWith(":")) return false;
        for (int i = 0; i < s.length() - 1; i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }

    static long parseLong(String s, int line, String what) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new ParseException(line, what + ": '" + shorten(s) + "' is not a number");
        }
    }

    /** Parses {@code 0x7f...} or bare hex. */
    static long parseHex(String s, int line, String what) {
        String t = s.strip();
        if (t.startsWith("0x") || t.startsWith("0X")) t = t.substring(2);
        try {
            return Long.parseUnsignedLong(t, 16);
        } catch (NumberFormatException e) {
            throw new ParseException(line, what + ": '" + shorten(s) + "' is not a hex number");
        }
    }

    /** NMT and GC amounts: {@code 1024KB}, {@code 12MB}, {@code 10045K}, {@code 64M}, {@code 17B}. */
    static Bytes amount(String s, int line, String what) {
        try {
            return Bytes.parseNmt(s);
        } catch (RuntimeException e) { // NumberFormatException, ArithmeticException on overflow
            throw new ParseException(line, what + ": '" + shorten(s) + "' is not an amount");
        }
    }

    /** The token that follows {@code key} in {@code line}, up to a space, comma or closing parenthesis. */
    static String after(String line, String key) {
        int i = line.indexOf(key);
        if (i < 0) return null;
        int from = i + key.length(), to = from;
        while (to < line.length() && " ,)]".indexOf(line.charAt(to)) < 0) to++;
        return line.substring(from, to);
    }

    static String shorten(String s) {
        if (s == null) return "(nothing)";
        String t = s.strip();
        return t.length() <= 60 ? t : t.substring(0, 57) + "...";
    }
}
