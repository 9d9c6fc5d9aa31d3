// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import java.util.Arrays;
import java.util.List;

/** ps output as the status lines it stands for: a ps is often all a ticket has of the process's size. */
final class PsStatus {
    private PsStatus() {}

    /**
     * ps output: the java process's RSS and VSZ columns (KiB) become the status lines they are, when no status was
     * given; with several java processes, the largest, with a note. Null, with a note, when it has none to give.
     */
    static String of(String where, String text, List<String> notes) {
        String[] lines = text.split("\n");
        List<String> header = List.of(lines[0].strip().split("\\s+"));
        int rss = header.indexOf("RSS"), vsz = header.indexOf("VSZ"), cmd = Math.max(header.indexOf("COMMAND"), Math.max(header.indexOf("CMD"), header.indexOf("ARGS")));
        if (rss < 0 || cmd < 0) { notes.add(where + ": ps output without an RSS or a COMMAND column: not read"); return null; }
        String[] best = null;
        int javas = 0;
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].strip().split("\\s+");
            if (f.length <= Math.max(rss, cmd) || !f[rss].matches("\\d{1,15}")) continue;
            String command = String.join(" ", Arrays.copyOfRange(f, cmd, f.length));
            if (!command.matches("(?s).*\\bjava\\b.*")) continue;
            javas++;
            if (best == null || Long.parseLong(f[rss]) > Long.parseLong(best[rss])) best = f;
        }
        if (best == null) { notes.add(where + ": ps output without a java process: not read"); return null; }
        if (javas > 1) notes.add(where + ": ps shows " + javas + " java processes; the one with the largest RSS is read");
        return "VmRSS:\t" + best[rss] + " kB\n" + (vsz >= 0 && best[vsz].matches("\\d{1,15}") ? "VmSize:\t" + best[vsz] + " kB\n" : "");
    }
}
