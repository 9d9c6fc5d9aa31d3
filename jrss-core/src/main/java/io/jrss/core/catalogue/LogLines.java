// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives back the lines a program printed from what a log pipeline made of them: Docker's JSON lines
 * ({@code {"log":"...\n","stream":"stderr"}}) and other JSON log records (their message and stack trace fields),
 * CRI-O and containerd's {@code <time> stderr F } (a {@code P} line joined with the next), {@code kubectl logs --prefix},
 * docker compose's {@code service-1  | }, journald and syslog headers (with or without a host, RFC 3164 and 5424), dmesg's times,
 * and a line whose newlines were escaped ({@code ...\n\tat ...}); a JSON record cut open by its stack trace's real
 * newlines; full-width punctuation and typographic quotes as ASCII. What a line says after its prefix is kept as is;
 * a message is found anywhere in it, so the prefixes a logger adds (time, level, thread, logger) need no undoing.
 */
public final class LogLines {
    private static final Pattern CRI = Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:?\\d\\d) (stdout|stderr) ([FP]) ?");
    private static final Pattern KUBECTL_PREFIX = Pattern.compile("^\\[pod/[^\\]\\s]+\\] ");
    private static final Pattern COMPOSE = Pattern.compile("^[\\w.-]+?[-_]\\d{1,3}\\s+\\| ");
    /** docker logs -t and kubectl logs --timestamps: RFC 3339 with nanoseconds. */
    private static final Pattern NANO_STAMP = Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}(Z|[+-]\\d\\d:\\d\\d) ");
    /**
     * RFC 3164 ("Nov 27 02:20:17 host java[42]: "), journalctl's short form with and without a host, and the ISO forms
     * (journalctl -o short-iso), which always name the host: an ISO time before "Total: 226.3 MB" is a log's time and
     * the line's own words, not a syslog tag.
     */
    private static final Pattern SYSLOG = Pattern.compile("^(<\\d{1,3}>)?([A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d ([^\\s:]+ )?"
            + "|\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:?\\d\\d)? [^\\s:]+ )[\\w./@-]{1,64}(\\[\\d{1,10}\\])?: ");
    /** dmesg's "[ 5662.970129] " (and dmesg -T's "[Mon Nov 27 02:20:17 2026] "). */
    private static final Pattern DMESG = Pattern.compile("^\\[(\\s*\\d{1,10}\\.\\d{1,9}|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4})\\] ?");
    private static final Pattern RFC5424 = Pattern.compile("^<\\d{1,3}>1 \\S+ \\S+ \\S+ \\S+ \\S+ (-|\\[.*?\\]) ");
    private static final Pattern JSON_STRING = Pattern.compile("\"([\\w.@]{1,40})\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final List<String> MESSAGE_KEYS = List.of("log", "message", "msg", "MESSAGE", "stack_trace", "stacktrace", "stackTrace",
            "exception", "error.stack_trace", "error.message", "exception.stacktrace", "full_message", "textPayload", "throwable", "thrown");
    /** A record's last string field left open at the end of the line: a pasted JSON log whose stack trace kept its real newlines. */
    private static final Pattern JSON_OPEN_STRING = Pattern.compile("\"([\\w.@]{1,40})\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)$");
    private static final Pattern ESCAPED_NEWLINE = Pattern.compile("(\\\\r)?\\\\n");

    private LogLines() {}

    /** The lines as the program printed them. */
    public static List<String> unwrap(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder partial = null;
        for (String raw : text.split("\r?\n", -1)) {
            String line = halfWidth(raw);
            Matcher cri = CRI.matcher(line);
            if (cri.find()) {
                String rest = line.substring(cri.end());
                if (cri.group(4).equals("P")) { partial = (partial == null ? new StringBuilder() : partial).append(rest); continue; }
                line = partial == null ? rest : partial.append(rest).toString();
                partial = null;
            }
            if (line.startsWith("{") && line.contains("\":")) { out.addAll(json(line)); continue; }
            line = strip(line);
            if (line.contains("\\n") && escapedBlock(line)) {
                for (String l : ESCAPED_NEWLINE.split(line, -1)) out.add(strip(l.replace("\\t", "\t")));
                continue;
            }
            out.add(line);
        }
        if (partial != null) out.add(partial.toString());
        return out;
    }

    /** The text with its lines unwrapped, joined again. */
    public static String unwrapText(String text) { return String.join("\n", unwrap(text)); }

    private static String strip(String line) {
        String l = line;
        for (int i = 0; i < 3; i++) { // a journal line forwarded by syslog, inside compose: a few layers at most
            String before = l;
            l = KUBECTL_PREFIX.matcher(l).replaceFirst("");
            l = NANO_STAMP.matcher(l).replaceFirst("");
            l = RFC5424.matcher(l).replaceFirst("");
            l = SYSLOG.matcher(l).replaceFirst("");
            l = COMPOSE.matcher(l).replaceFirst("");
            l = DMESG.matcher(l).replaceFirst("");
            if (l.equals(before)) break;
        }
        return l;
    }

    /** A line whose newlines a logger escaped: a stack trace or an hs_err header in one line. */
    private static boolean escapedBlock(String line) {
        return line.contains("\\n\\tat ") || line.contains("\\nCaused by") || line.contains("\\n#") || line.contains("\\n\\t")
                || ESCAPED_NEWLINE.matcher(line).results().limit(3).count() >= 3 && (line.contains("Error") || line.contains("Exception"));
    }

    /** A JSON log record: its message and stack trace fields, unescaped; a JSON line without them is data, kept as it is. */
    private static List<String> json(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = JSON_STRING.matcher(line);
        int end = 0;
        while (m.find()) {
            end = m.end();
            if (!MESSAGE_KEYS.contains(m.group(1))) continue;
            String v = unescape(m.group(2));
            String t = v.endsWith("\n") ? v.substring(0, v.length() - 1) : v;
            for (String l : t.split("\r?\n", -1)) out.add(strip(l));
        }
        Matcher open = JSON_OPEN_STRING.matcher(line);
        if (open.find(end) && MESSAGE_KEYS.contains(open.group(1))) out.add(strip(unescape(open.group(2)))); // its next lines follow as lines
        return out.isEmpty() ? List.of(line) : out;
    }

    /**
     * Full-width forms (U+FF01 to U+FF5E: the brackets, colons and letters of an East Asian input method, as in a log
     * retyped from a screenshot), the ideographic space, and typographic quotes (a paste through a word processor or a
     * chat turns "GC Thread#0" into “GC Thread#0”), as the ASCII they stand for. Nothing else is touched.
     */
    static String halfWidth(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char to = c >= '\uFF01' && c <= '\uFF5E' ? (char) (c - 0xFEE0) : c == '\u3000' ? ' '
                    : c == '\u201C' || c == '\u201D' || c == '\u201E' || c == '\u201F' ? '"' : c == '\u2018' || c == '\u2019' || c == '\u201A' ? '\'' : c;
            if (to != c && b == null) b = new StringBuilder(s.substring(0, i));
            if (b != null) b.append(to);
        }
        return b == null ? s : b.toString();
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) { b.append(c); continue; }
            char n = s.charAt(++i);
            switch (n) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> { }
                case 'u' -> {
                    if (i + 4 < s.length() && s.substring(i + 1, i + 5).matches("[0-9a-fA-F]{4}")) {
                        b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                }
                default -> b.append(n); // \" \\ \/
            }
        }
        return b.toString();
    }
}
