// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.parse.NmtDiffParser;
import io.jrss.core.parse.NmtSummaryParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.PmapParser;
import io.jrss.core.parse.SmapsParser;
import java.util.List;
import java.util.Map;

/** Outputs whose paste was cut in the middle of a line: their parsers refuse them, though all but that line is good. */
final class TornTails {
    private TornTails() {}

    /** A paste cut in the middle of its last line: that line goes, with a note, and the rest is read. */
    static void trim(Map<String, String> texts, List<String> notes) {
        for (String file : List.of(CaptureFiles.NMT_SUMMARY, CaptureFiles.NMT_DIFF, CaptureFiles.SMAPS, CaptureFiles.PMAP)) {
            String text = texts.get(file);
            if (text == null) continue;
            String last = lastLine(text);
            try {
                parse(file, text);
            } catch (ParseException e) {
                String without = text.substring(0, text.lastIndexOf(last)).stripTrailing() + "\n";
                try {
                    parse(file, without);
                    texts.put(file, without);
                    notes.add(file + ": its last line was cut off ('" + last.strip() + "') and was left out");
                } catch (ParseException still) {
                    // not a torn tail: the parser's own error will say what is wrong
                }
            }
        }
    }

    /** The last line of a text, trailing blanks aside. */
    static String lastLine(String text) {
        String t = text.stripTrailing();
        return t.substring(t.lastIndexOf('\n') + 1);
    }

    private static void parse(String file, String text) {
        switch (file) {
            case CaptureFiles.NMT_SUMMARY -> NmtSummaryParser.parse(text);
            case CaptureFiles.NMT_DIFF -> NmtDiffParser.parse(text);
            case CaptureFiles.SMAPS -> SmapsParser.parse(text);
            default -> PmapParser.parse(text);
        }
    }
}
