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
    private final boolean switchedOff;

    public ParseException(int line, String message) { this(line, message, false); }

    private ParseException(int line, String message, boolean switchedOff) {
        super(bounded(line > 0 ? "line " + line + ": " + message : message));
        this.line = line;
        this.switchedOff = switchedOff;
    }

    /** The text is the target saying the reading is switched off (NMT "not enabled"), not a bad format. */
    public static ParseException switchedOff(String message) { return new ParseException(0, message, true); }

    /** True when the text said the reading is switched off. */
    public boolean switchedOff() { return switchedOff; }

    static String bounded(String m) {
        if (m == null || m.length() <= MAX) return m;
        int omitted = m.length() - MAX;
        return m.substring(0, MAX * 6 / 10) + " [... " + omitted + " characters ...] " + m.substring(m.length() - MAX * 4 / 10);
    }

    /** 1-based line number, or 0 when the problem is the text as a whole. */
    public int line() { return line; }
}
