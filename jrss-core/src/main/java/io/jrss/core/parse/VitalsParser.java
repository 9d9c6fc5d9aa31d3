// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Vitals;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the tables of SapMachine's {@code VM.vitals}: above the rows, a line of column names ("avail comm crt
 * ... usd fr ... mlc ...") under one or two lines of group rules ("-----system-----", "--rss--"). A column is named
 * by the rules over it and its own name ("process.rss.all"); a value belongs to the column its text stands under
 * (blank cells are skipped, so values cannot be counted off). Units: k, m, g, t are KiB to TiB; a bare number is a
 * count. Times are the table's own ("2022-04-26 10:25:18"), read as UTC. A format reader, so longer than most.
 */
public final class VitalsParser {
    private static final Pattern ROW = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)\\s");
    private static final Pattern RULE = Pattern.compile("-+([a-zA-Z][a-zA-Z0-9_]*)-+");
    private static final Pattern TOKEN = Pattern.compile("\\S+");

    private record Column(String name, int start, int end) {}

    private VitalsParser() {}

    public static Vitals parse(String text) {
        List<String> lines = Text.lines(text, "VM.vitals output");
        List<Column> columns = null;
        List<Vitals.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (ROW.matcher(line).find()) {
                if (columns == null) throw new ParseException(i + 1, "a VM.vitals row before any column header");
                rows.add(row(line, columns, i + 1));
            } else if (i >= 1 && isHeader(line, lines.get(i - 1))) {
                columns = columns(line, i >= 2 ? lines.get(i - 2) : "", lines.get(i - 1));
            }
        }
        if (rows.isEmpty()) throw new ParseException(0, "no VM.vitals rows (a line starting with 'yyyy-mm-dd hh:mm:ss')");
        return new Vitals(List.copyOf(rows));
    }

    /** The line of column names: words only, under a line of group rules. */
    private static boolean isHeader(String line, String above) {
        return !line.isBlank() && line.strip().matches("[a-z][a-z0-9 -]*") && RULE.matcher(above).find() && line.strip().split("\\s+").length >= 5;
    }

    private static List<Column> columns(String names, String groups, String subgroups) {
        List<Column> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(names);
        while (m.find()) {
            String group = over(groups, m.start(), m.end()), sub = over(subgroups, m.start(), m.end());
            if (group.isEmpty() && !sub.isEmpty() && !RULE.matcher(groups).find()) { group = sub; sub = ""; }
            String name = (group.isEmpty() ? "" : group + ".") + (sub.isEmpty() || sub.equals(group) ? "" : sub + ".") + m.group();
            out.add(new Column(name, m.start(), m.end()));
        }
        return out;
    }

    /** The name of the rule ("---rss---") that spans the text at [start, end), or "". */
    private static String over(String rules, int start, int end) {
        Matcher r = RULE.matcher(rules);
        while (r.find()) if (r.start() <= start && r.end() >= end - 1) return r.group(1);
        return "";
    }

    private static Vitals.Row row(String line, List<Column> columns, int no) {
        Matcher t = ROW.matcher(line);
        t.find();
        Instant time;
        try {
            time = LocalDateTime.parse(t.group(1).replace(' ', 'T')).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new ParseException(no, "'" + t.group(1) + "' is not a date and time (yyyy-mm-dd hh:mm:ss)");
        }
        Map<String, Double> values = new LinkedHashMap<>();
        Matcher m = TOKEN.matcher(line);
        m.region(t.end(), line.length());
        while (m.find()) {
            Column c = under(columns, m.start(), m.end());
            Double v = c == null ? null : value(m.group());
            if (v != null) values.put(c.name(), v);
        }
        return new Vitals.Row(time, values);
    }

    /** The column a value stands under: the one it overlaps most, else the nearest to its right end (values are right-aligned). */
    private static Column under(List<Column> columns, int start, int end) {
        Column best = null;
        int bestScore = Integer.MIN_VALUE;
        for (Column c : columns) {
            int overlap = Math.min(end, c.end()) - Math.max(start, c.start());
            int score = overlap > 0 ? 1000 + overlap : -Math.abs(end - c.end());
            if (score > bestScore) { bestScore = score; best = c; }
        }
        return bestScore > -3 ? best : null;
    }

    /**
     * "44.4g", "36m", "0k", "1347"; null for anything else. The decimal separator is the target's locale's: a JVM whose
     * launcher set a German LC_NUMERIC prints "4,5g" (SapMachine's own baseline runs, 2022).
     */
    static Double value(String s) {
        char u = Character.toLowerCase(s.charAt(s.length() - 1));
        int shift = switch (u) { case 'k' -> 10; case 'm' -> 20; case 'g' -> 30; case 't' -> 40; default -> 0; };
        String n = shift == 0 ? s : s.substring(0, s.length() - 1);
        if (!n.matches("\\d{1,15}([.,]\\d+)?")) return null;
        return Double.parseDouble(n.replace(',', '.')) * (1L << shift);
    }
}
