// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

/**
 * The longest literal text a pattern requires, so that a scan passes over a line that lacks it with one
 * {@code contains} instead of a regular expression. Conservative: it stops at anything that is not plainly a
 * literal (a class, a group, alternation, a quantifier takes back the character before it), and a pattern with an
 * alternation outside a group has no anchor at all.
 */
final class Anchors {
    private static final String META = ".[]{}()*+?^$|";

    private Anchors() {}

    static String of(String regex) {
        if (topLevelAlternation(regex) || regex.contains("(?i")) return ""; // a case-blind pattern has no literal to look for
        String best = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                char n = regex.charAt(++i);
                if (depth == 0 && META.indexOf(n) >= 0 || depth == 0 && (n == '\\' || n == '/' || n == '"' || n == '\'' || n == '-' || n == ' ')) {
                    run.append(n);
                } else {
                    best = longer(best, run); run.setLength(0);
                }
                continue;
            }
            if (c == '(' || c == '[') depth++;
            if ((c == ')' || c == ']') && depth > 0) { depth--; best = longer(best, run); run.setLength(0); continue; }
            if (depth > 0) continue;
            if (c == '*' || c == '?' || c == '{') {
                if (run.length() > 0) run.setLength(run.length() - 1); // the quantifier may take it away
                best = longer(best, run); run.setLength(0);
                if (c == '{') while (i < regex.length() && regex.charAt(i) != '}') i++;
                continue;
            }
            if (META.indexOf(c) >= 0) { best = longer(best, run); run.setLength(0); continue; }
            run.append(c);
        }
        return longer(best, run);
    }

    private static String longer(String best, StringBuilder run) { return run.length() > best.length() ? run.toString() : best; }

    private static boolean topLevelAlternation(String regex) {
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') { i++; continue; }
            if (c == '(' || c == '[') depth++;
            else if (c == ')' || c == ']') depth--;
            else if (c == '|' && depth == 0) return true;
        }
        return false;
    }
}
