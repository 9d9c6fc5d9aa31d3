// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.LeakSuspects;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sentences of Eclipse MAT's leak suspects report: "One instance of "X" loaded by "Y" occupies 20,098,824 (76.40%)
 * bytes.", "The class X, loaded by Y, occupies 187.01 MB (76.19%) bytes." (MAT 1.15+ prints sizes with units), with
 * whatever grouping the locale gave the number (1,09,58,18,944; 533 181 208; 1.767.920) and a decimal comma in the
 * share (99,67 %), or "??.??%" where MAT could not tell the share. The following "The memory is accumulated in one
 * instance of Z" names where. A sentence wrapped over lines is read as one (its paragraph).
 */
public final class LeakSuspectsParser {
    private static final Pattern OCCUPIES = Pattern.compile("(?:One instance of|instances of|The class(?:loader/component)?|The classloader/component)\\s+[\"“]?([^\"”,]+?)[\"”]?"
            + "(?:,|\\s+loaded by|\\s+occup).*?occup(?:y|ies)\\s+([\\d][\\d,.\u00a0 ']*?)(?:\\s?([KMGT]?B))?\\s+\\((\\d{1,3}(?:[.,]\\d{1,4})?|\\?\\?[.,]\\?\\?)\\s?%\\)\\s+bytes");
    private static final Pattern ACCUMULATED = Pattern.compile("accumulated in (?:one instance|an instance|\\d[\\d,]* instances) of\\s+[\"“]?([^\"”,]+?)[\"”]?(?:,|\\s+loaded|\\.(?:\\s|$)|$)");

    private LeakSuspectsParser() {}

    public static LeakSuspects parse(String text) {
        List<LeakSuspects.Suspect> out = new ArrayList<>();
        for (String raw : paragraphs(Text.lines(text, "MAT's leak suspects"))) {
            Matcher m = OCCUPIES.matcher(raw);
            if (!m.find()) continue;
            Bytes retained = retained(m.group(2).strip(), m.group(3));
            if (retained == null) continue;
            double share = m.group(4).startsWith("?") ? Double.NaN : Double.parseDouble(m.group(4).replace(',', '.')) / 100; // MAT prints ??.?? when it cannot tell
            Matcher a = ACCUMULATED.matcher(raw);
            out.add(new LeakSuspects.Suspect(m.group(1).strip(), retained, share, a.find() ? a.group(1).strip() : null, raw.strip()));
        }
        if (out.isEmpty()) throw new ParseException(1, "no MAT leak suspect sentence (... occupies N (P%) bytes)");
        return new LeakSuspects(List.copyOf(out));
    }

    /**
     * The report's paragraphs, each one line: a suspect's sentences pasted from the HTML report or a mail are wrapped
     * anywhere ("...loaded by "Y @ 0x7f8a1c0e8"" on one line, "occupies 1,847,293,952 (89.23%) bytes." on the next).
     * A paragraph ends at a blank line, or where a line itself holds a whole suspect.
     */
    static List<String> paragraphs(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder p = new StringBuilder();
        for (String l : lines) {
            String t = l.strip();
            if (t.isEmpty() || OCCUPIES.matcher(t).find()) {
                if (p.length() > 0) out.add(p.toString());
                p.setLength(0);
                if (!t.isEmpty()) out.add(t);
                continue;
            }
            if (p.length() > 0) p.append(' ');
            p.append(t);
            if (p.length() > 4096) { out.add(p.toString()); p.setLength(0); } // bounded: a pasted page is not one paragraph
        }
        if (p.length() > 0) out.add(p.toString());
        return out;
    }

    /** "187.01" with MB, or a grouped count of bytes with any separator. */
    private static Bytes retained(String number, String unit) {
        if (unit != null && !unit.equals("B")) return Sizes.binary(number.replace(',', '.') + " " + unit);
        String digits = number.replaceAll("[^0-9]", "");
        return digits.isEmpty() || digits.length() > 18 ? null : Bytes.of(Long.parseLong(digits));
    }
}
