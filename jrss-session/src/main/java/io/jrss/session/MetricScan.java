// SPDX-License-Identifier: Apache-2.0
package io.jrss.session;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * compare's --metric: the program's own measure of work done (requests/s, records processed), read from its output
 * with the user's pattern. The number is the pattern's first group, or the first number in the match without one;
 * the last match of the run counts (a final summary line wins over progress lines). Both output streams call in.
 */
final class MetricScan {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(?:[.,]\\d+)?");
    private final Pattern pattern;
    private Double last;

    /** @param pattern the --metric pattern, or null for none */
    MetricScan(Pattern pattern) { this.pattern = pattern; }

    synchronized void scan(String line) {
        if (pattern == null) return;
        Matcher m = pattern.matcher(line);
        if (!m.find()) return;
        String text = m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
        Matcher n = NUMBER.matcher(text);
        if (n.find()) last = Double.valueOf(n.group().replace(',', '.'));
    }

    /** The last value matched, or null if the pattern never matched. */
    synchronized Double last() { return last; }
}
