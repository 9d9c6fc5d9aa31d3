// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

/**
 * The longest literal text a pattern requires, so that a scan passes over a line that lacks it with one
 * {@code contains} instead of a regular expression. Conservative: it stops at anything that is not plainly a literal
 * (a class, an alternation, a quantifier takes back the character before it), reads into a group only when the group
 * has no alternation and no quantifier, and a pattern with an alternation outside any group has no anchor at all.
 */
final class Anchors {
    private static final String META = ".[]{}()*+?^$|";

    private Anchors() {}

    static String of(String regex) {
        if (alternationAt(regex, 0, regex.length()) || regex.contains("(?i")) return ""; // a case-blind pattern has no literal to look for
        return longest(regex, 0, regex.length());
    }

    private static String longest(String regex, int from, int to) {
        String best = "";
        StringBuilder run = new StringBuilder();
        for (int i = from; i < to; i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < to) {
                char n = regex.charAt(++i);
                if (META.indexOf(n) >= 0 || "\\/\"'- #:<>=!,&%@`~".indexOf(n) >= 0) run.append(n);
                else { best = longer(best, run.toString()); run.setLength(0); }
                continue;
            }
            if (c == '[') { best = longer(best, run.toString()); run.setLength(0); i = closing(regex, i, to, '[', ']'); i = skipQuantifier(regex, i, to); continue; }
            if (c == '(') {
                int end = closing(regex, i, to, '(', ')');
                int inner = contentStart(regex, i);
                boolean quantified = end + 1 < to && "*?{+".indexOf(regex.charAt(end + 1)) >= 0;
                boolean plain = inner > 0 && !alternationAt(regex, inner, end) && !quantified;
                best = longer(best, run.toString());
                run.setLength(0);
                if (plain) best = longer(best, longest(regex, inner, end));
                i = skipQuantifier(regex, end, to);
                continue;
            }
            if (c == '*' || c == '?' || c == '{') {
                if (run.length() > 0) run.setLength(run.length() - 1); // the quantifier may take it away
                best = longer(best, run.toString());
                run.setLength(0);
                if (c == '{') while (i < to && regex.charAt(i) != '}') i++;
                continue;
            }
            if (META.indexOf(c) >= 0) { best = longer(best, run.toString()); run.setLength(0); continue; }
            run.append(c);
        }
        return longer(best, run.toString());
    }

    /** Where a group's own content starts ("(?:", "(?<name>", "("), or -1 for a lookaround, which requires nothing. */
    private static int contentStart(String regex, int open) {
        if (regex.startsWith("(?:", open)) return open + 3;
        if (regex.startsWith("(?<", open) && !regex.startsWith("(?<=", open) && !regex.startsWith("(?<!", open)) return regex.indexOf('>', open) + 1;
        if (regex.startsWith("(?", open)) return -1;
        return open + 1;
    }

    private static int closing(String regex, int open, int to, char o, char c) {
        int depth = 0;
        for (int i = open; i < to; i++) {
            char x = regex.charAt(i);
            if (x == '\\') { i++; continue; }
            if (o == '(' && x == '[') { i = closing(regex, i, to, '[', ']'); continue; }
            if (x == o && (o == '(' || i == open)) depth++;
            else if (x == c && --depth == 0) return i;
        }
        return to - 1;
    }

    private static int skipQuantifier(String regex, int at, int to) {
        int i = at;
        if (i + 1 < to && "*?+".indexOf(regex.charAt(i + 1)) >= 0) i++;
        else if (i + 1 < to && regex.charAt(i + 1) == '{') while (i < to && regex.charAt(i) != '}') i++;
        return i;
    }

    private static String longer(String best, String run) { return run.length() > best.length() ? run : best; }

    private static boolean alternationAt(String regex, int from, int to) {
        int depth = 0;
        for (int i = from; i < to; i++) {
            char c = regex.charAt(i);
            if (c == '\\') { i++; continue; }
            if (c == '[') { i = closing(regex, i, to, '[', ']'); continue; }
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == '|' && depth == 0) return true;
        }
        return false;
    }

    /**
     * The literal text every match starts with ("" when the pattern starts with a class, a group or a lookaround): a
     * match that starts in a line and runs into the next one starts with it, whole or cut at the line's end.
     */
    static String prefix(String regex) {
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                char n = regex.charAt(i + 1);
                if (META.indexOf(n) < 0 && "\\/\"'- #:<>=!,&%@`~".indexOf(n) < 0) break;
                c = n;
                i++;
            } else if (META.indexOf(c) >= 0) {
                break;
            }
            if (i + 1 < regex.length() && "*?{".indexOf(regex.charAt(i + 1)) >= 0) break; // a quantified character may be absent
            run.append(c);
        }
        return run.toString();
    }
}
