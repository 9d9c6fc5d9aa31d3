// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

/**
 * Text that is not the format a parser reads. The message is one line that names the line and what was
 * wrong; the CLI adds the file name.
 */
public final class ParseException extends RuntimeException {
    private final int line;

    public ParseException(int line, String message) {
        super(line > 0 ? "line " + line + ": " + message : message);
        this.line = line;
    }

    /** 1-based line number, or 0 when the problem is the text as a whole. */
    public int line() { return line; }
}
