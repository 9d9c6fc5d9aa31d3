// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

/**
 * Text that is not the format a parser reads. The message is one line that names the line and what was
 * wrong; the CLI adds the file name.
 */
public final class ParseException extends RuntimeException {
    /** A message quoting a line longer than this is cut in its middle: a one-line megabyte (a JSON dump) stays readable. */
    static final int MAX = 1000;

    private final int line;

    public ParseException(int line, String message) {
        super(bounded(line > 0 ? "line " + line + ": " + message : message));
        this.line = line;
    }

    static String bounded(String m) {
        if (m == null || m.length() <= MAX) return m;
        int omitted = m.length() - MAX;
        return m.substring(0, MAX * 6 / 10) + " [... " + omitted + " characters ...] " + m.substring(m.length() - MAX * 4 / 10);
    }

    /** 1-based line number, or 0 when the problem is the text as a whole. */
    public int line() { return line; }
}
