// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.catalogue.LogLines;
import io.jrss.core.snapshot.PastedProcFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Undoes what pasting does to a command's output, so the format readers see it as the command printed it:
 * CRLF and ANSI colours, what a log pipeline wraps each line in ({@link LogLines}: Docker's JSON, journald, CRI, kubectl), markdown code fences, quote marks, escapes and inline code quotes around a whole line, NMT
 * category lines whose leading '-' a markdown renderer took for a bullet, grep's file names before them, shell prompts and log timestamps in front
 * of each line, and thousands separators inside numbers ({@code 1,234,567KB}). Never touches the numbers
 * otherwise: a decimal comma ({@code 0,00%}) has two digits after it and stays.
 */
public final class PasteCleaner {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*[A-Za-z]");
    /** "...", "[...]", "(...)": where the person who pasted cut something out. */
    private static final Pattern ELISION = Pattern.compile("^\\s*[\\[(]?(\\.\\.\\.|\u2026)[\\])]?\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~).*$");
    private static final Pattern QUOTE = Pattern.compile("^(> ?)+");
    /** 2023-04-04T12:00:00.123Z, 2023-04-04 12:00:00,123, [2023-04-04 12:00:00], Apr  4 12:00:00, 12:00:00.123 */
    private static final Pattern TIMESTAMP = Pattern.compile("^\\[?(\\d{4}-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d:\\d\\d([.,]\\d+)?(Z|[+-]\\d\\d:?\\d\\d)?"
            + "|[A-Z][a-z]{2} +\\d{1,2} \\d\\d:\\d\\d:\\d\\d|\\d\\d:\\d\\d:\\d\\d[.,]\\d{3})\\]?\\s*");
    /** user@host:~$ , root@abc:/# , bash-4.2$ , $ , # (only before a command word) */
    private static final Pattern PROMPT = Pattern.compile("^([\\w.-]+@[\\w.-]+:[^$#]*[$#]|bash-[\\d.]+[$#]|[$#]) (?=(sudo |jcmd|cat|pmap|java|jrss|grep|docker|kubectl|ps|awk|head|tail))");
    /** dmesg "[13629.669931] ", and syslog/journal forwarders: "10.0.0.1: kern:    info: [2025-06-04T04:51:57Z]: " */
    private static final Pattern KERNEL = Pattern.compile("^([A-Z][a-z]{2} +\\d+ \\d\\d:\\d\\d:\\d\\d \\S+ kernel: (\\[\\s*\\d+\\.\\d+\\]\\s?)?|\\[\\s*\\d+\\.\\d+\\]\\s?|\\S+: kern:\\s+\\w+:\\s+\\[[^]]+\\]:\\s?"
            + "|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\\d+ \\d\\d:\\d\\d:\\d\\d \\d{4}\\]\\s?)"); // the last: dmesg -T
    private static final Pattern THOUSANDS = Pattern.compile("(?<=\\d),(?=\\d{3}(?!\\d|s\\]))"); // not unified logging's uptime "[443193,061s]"
    /** grep's file name in front of an NMT category line: "./nmt-2024-07-03T09:56:47:- Tracing (reserved=...". */
    private static final Pattern GREP_FILE = Pattern.compile("^\\S+?:(?=\\s*-\\s+[A-Z][\\w ]* \\(reserved=)");
    /** A hunk header of diff: "12a13,14", "56,57c58" (declared with the pmap diff it starts). */
    private static final Pattern DIFF_HUNK = PastedProcFiles.DIFF_HUNK;
    /** A whole line quoted as inline code: `Total: reserved=...` */
    private static final Pattern INLINE_CODE = Pattern.compile("^\\s*`([^`]+)`\\s*$");
    /** An NMT category whose leading '-' a markdown renderer took for a list bullet. */
    private static final Pattern NMT_CATEGORY_WITHOUT_DASH = Pattern.compile("^(\\s*)([A-Z][\\w ]+ \\(reserved=\\d+[KMG]?B)");

    private PasteCleaner() {}

    public static String clean(String text) {
        String t = LogLines.unwrapText(ANSI.matcher(text.replace("\r\n", "\n").replace('\r', '\n')).replaceAll(""));
        List<String> out = new ArrayList<>();
        boolean stamps = !t.contains("-system-") && !t.contains("Vitals"); // VM.vitals rows start with their own times
        boolean diff = t.lines().anyMatch(x -> DIFF_HUNK.matcher(x.strip()).matches()); // a diff's '>' lines are not quotes
        long lines = t.lines().filter(x -> !x.isBlank()).count();
        // a paste that ended every line with a comma
        boolean commas = lines > 2 && t.lines().filter(x -> x.stripTrailing().endsWith(",")).count() >= 0.8 * lines;
        for (String line : t.split("\n", -1)) {
            if (FENCE.matcher(line).matches() || ELISION.matcher(line).matches()) continue;
            if (commas) line = line.replaceAll(",\\s*$", "");
            String l = diff ? line : QUOTE.matcher(line).replaceFirst("");
            l = KERNEL.matcher(l).replaceFirst("");
            if (stamps) l = TIMESTAMP.matcher(l).replaceFirst("");
            l = PROMPT.matcher(l).replaceFirst("");
            l = l.replace("\\#", "#").replace("\\_", "_").replace("\\*", "*");
            l = INLINE_CODE.matcher(l).replaceFirst("$1");
            l = GREP_FILE.matcher(l).replaceFirst("");
            l = NMT_CATEGORY_WITHOUT_DASH.matcher(l).replaceFirst("-$1$2");
            if (l.indexOf(',') >= 0) l = THOUSANDS.matcher(l).replaceAll("");
            out.add(l);
        }
        return String.join("\n", out);
    }
}
