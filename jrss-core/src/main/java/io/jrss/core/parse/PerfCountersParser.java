// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.PerfCounters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jcmd <pid> PerfCounter.print}: one {@code name=value} per line, strings in double quotes. jcmd's own
 * {@code <pid>:} first line is skipped. A text with no counter line at all is not this format.
 */
public final class PerfCountersParser {
    private PerfCountersParser() {}

    public static PerfCounters parse(String text) {
        List<String> lines = Text.lines(text, "PerfCounter.print");
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || Text.isPidLine(line)) continue;
            int eq = line.indexOf('=');
            if (eq <= 0 || line.substring(0, eq).contains(" ")) {
                throw new ParseException(i + 1, "not a 'name=value' counter line: '" + Text.shorten(line) + "'");
            }
            String value = line.substring(eq + 1);
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) value = value.substring(1, value.length() - 1);
            values.put(SharedNames.of(line.substring(0, eq)), value);
        }
        if (values.isEmpty()) throw new ParseException(1, "no performance counters (is the JVM running with -XX:-UsePerfData?)");
        return new PerfCounters(values);
    }
}
