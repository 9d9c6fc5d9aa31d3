// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first line of what jrss writes from a heap dump (its direct-buffer holders, its class holders): a comment that
 * starts with the text's header and says how long the dump paused the target. Shared by their parsers.
 */
final class HeapDumpTextHeader {
    private static final Pattern PAUSED = Pattern.compile("\\bpaused the target (\\d{1,6}(?:\\.\\d{1,3})?) s\\b");

    private HeapDumpTextHeader() {}

    /** The pause the first line names, or null; a first line without {@code header} is not this text. */
    static Double pause(List<String> lines, String header, String what) {
        // its '#' goes when a paste's shell prompts are cleaned: "# jrss ..." reads as a root prompt and a command
        if (!lines.get(0).startsWith("# " + header) && !lines.get(0).startsWith(header)) {
            throw new ParseException(1, "not " + what + " (no '# " + header.strip() + "' line first)");
        }
        Matcher p = PAUSED.matcher(lines.get(0));
        return p.find() ? Double.valueOf(p.group(1)) : null;
    }
}
