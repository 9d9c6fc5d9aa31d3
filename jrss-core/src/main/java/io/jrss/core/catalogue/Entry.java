// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One message a program can print, as the catalogue declares it (docs/catalogue.md): where it comes from and which
 * releases print it, the pattern that finds it anywhere in a line, what it means, what ran out, the finding it
 * supports (null for context) and the real outputs that show it.
 *
 * @param anchor     a literal part of the pattern every match contains, to pass over lines quickly; "" when none
 * @param confidence "low", "medium" or "high" where the message alone is weaker or stronger evidence than its event
 *                   usually is (a shell's "Killed" may be a user's kill -9), else null
 * @param prefix     the literal text every match starts with, or "" (see {@link Anchors#prefix})
 * @param unless     an event whose message, printed beside this one, says what this one only implies (the hs_err header's
 *                   "insufficient memory" when a thread could not start), or null
 */
public record Entry(String id, String from, String prints, String text, Pattern pattern, String means, Event event, String finding,
                    List<String> examples, String anchor, String confidence, String prefix, Event unless) {
    private static final Pattern GROUP = Pattern.compile("\\(\\?<([a-zA-Z][a-zA-Z0-9]*)>");

    /** The names of the pattern's groups: the values a match carries. */
    public List<String> groups() { return GROUP.matcher(pattern.pattern()).results().map(r -> r.group(1)).toList(); }

    /** The program that prints it: the id's first part ("hotspot", "kernel", "glibc", "jdk", a library). */
    public String program() { return id.substring(0, id.indexOf('.')); }

    /** Whether the message says something ran out or failed (not context, a GC's own line, or a limit stated). */
    public boolean isEvent() { return event != Event.CONTEXT && event != Event.GC && event != Event.LIMIT; }
}
