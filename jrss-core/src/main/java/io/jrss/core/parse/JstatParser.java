// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Jstat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * jstat's GC tables, JDK 7 to 25: a header of its column names (with {@code Timestamp} first under {@code -t}, repeated
 * every N rows under {@code -h N}) and rows of numbers, "-" where a column does not apply (CGC under Parallel, M
 * before any class is loaded). The command line pasted above a table gives its interval ({@code jstat -gc -t 4242 2s}).
 * A row pasted above its header (the header scrolled away) is read when the header that follows has as many columns;
 * a last row cut short is left out. Prose between the tables is skipped.
 */
public final class JstatParser {
    /** The columns of -gc, -gcutil, -gccause, -gcold, -gcoldcapacity, -gccapacity, -gcmetacapacity, -gcnew, -gcnewcapacity (PC, PU, P, PGC*: JDK 7's PermGen). */
    private static final Set<String> COLUMNS = Set.of("Timestamp", "S0C", "S1C", "S0U", "S1U", "EC", "EU", "OC", "OU", "MC", "MU", "CCSC", "CCSU",
            "PC", "PU", "YGC", "YGCT", "FGC", "FGCT", "CGC", "CGCT", "GCT", "NGCMN", "NGCMX", "NGC", "OGCMN", "OGCMX", "OGC", "MCMN", "MCMX",
            "CCSMN", "CCSMX", "PGCMN", "PGCMX", "PGC", "S0", "S1", "E", "O", "M", "CCS", "P", "TT", "MTT", "DSS", "S0CMX", "S1CMX", "ECMX",
            "LGCC", "GCC");
    /**
     * {@code jstat -gcutil -t -h10 4242 1s 100} after a prompt or sudo, the pid also {@code $(pgrep java)}, {@code <pid>}
     * or {@code pid@host}, a pipe or a redirection after it; any option (-class's table is not read). A sentence that
     * starts with jstat is not one.
     */
    private static final Pattern COMMAND = Pattern.compile("^(?:\\S*[$#>%]\\s*)?(?:sudo\\s+(?:-u\\s+\\S+\\s+)?)?jstat\\s+-(\\w+)"
            + "((?:\\s+-\\S+)*\\s+(?:\\d+|\\$\\([^)]*\\)|`[^`]*`|\\$\\w+|<\\w+>|\\S+@\\S+)(?:\\s+\\d+(?:ms|s)?)?(?:\\s+\\d+)?)\\s*(?:[|>].*)?$");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,13}([.,]\\d{1,9})?"); // KiB: 13 digits are far beyond any heap, and far from overflowing in bytes
    private static final Pattern INTERVAL = Pattern.compile("(\\d{1,9})(ms|s)?");

    private JstatParser() {}

    /** A line of jstat's column names: at least five, all jstat's, YGC among them. */
    public static boolean isHeader(String line) {
        String[] t = line.strip().split("\\s+");
        return t.length >= 5 && Arrays.asList(t).contains("YGC") && Arrays.stream(t).allMatch(COLUMNS::contains);
    }

    /** A jstat command line with a GC option: {@code jstat -gc 4242 1s}. */
    public static boolean isCommand(String line) {
        Matcher m = COMMAND.matcher(line.strip());
        return m.matches() && m.group(1).startsWith("gc");
    }

    public static Jstat parse(String text) {
        List<String> lines = Text.lines(text, "jstat output");
        int last = lines.size() - 1;
        while (last > 0 && lines.get(last).isBlank()) last--;
        List<Jstat.Table> tables = new ArrayList<>();
        List<String> columns = null;
        List<Jstat.Row> rows = new ArrayList<>();
        List<String[]> orphans = new ArrayList<>();
        Duration interval = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.isEmpty()) continue;
            Matcher c = COMMAND.matcher(l);
            if (c.matches()) { // the table after it is another run: -class's and -compiler's rows are no GC table and stay unread
                close(tables, columns, rows, interval);
                columns = null;
                rows = new ArrayList<>();
                orphans.clear();
                interval = interval(c.group(2));
                continue;
            }
            String[] t = l.split("\\s+");
            if (isHeader(l)) {
                if (List.of(t).equals(columns)) continue; // -h N repeats it
                close(tables, columns, rows, interval);
                columns = List.of(t);
                rows = new ArrayList<>();
                for (String[] o : orphans) if (o.length == numeric(columns)) rows.add(row(o, columns, 0));
                orphans.clear();
                continue;
            }
            if (!NUMBER.matcher(t[0]).matches()) continue; // prose, a prompt, a line of the ticket
            if (columns == null) { orphans.add(t); continue; }
            if (t.length < numeric(columns) && i == last) continue; // the paste ends inside its last row
            rows.add(row(t, columns, i + 1));
        }
        close(tables, columns, rows, interval);
        if (tables.isEmpty()) {
            throw new ParseException(1, "no jstat rows under a header of its columns (S0C S1C ... YGC ..., or S0 S1 E O M ... YGC ...)");
        }
        return new Jstat(List.copyOf(tables));
    }

    private static void close(List<Jstat.Table> tables, List<String> columns, List<Jstat.Row> rows, Duration interval) {
        if (columns != null && !rows.isEmpty()) tables.add(new Jstat.Table(option(columns), columns, List.copyOf(rows), interval));
    }

    /** The columns that hold numbers: -gccause's last two hold the causes' words. */
    private static int numeric(List<String> columns) {
        int n = columns.size();
        while (n > 0 && (columns.get(n - 1).equals("GCC") || columns.get(n - 1).equals("LGCC"))) n--;
        return n;
    }

    private static Jstat.Row row(String[] t, List<String> columns, int no) {
        int n = numeric(columns);
        if (t.length < n || t.length > n && n == columns.size()) {
            throw new ParseException(no, "a jstat row of " + t.length + " values under a header of " + n + " columns");
        }
        Map<String, Double> values = new LinkedHashMap<>();
        Double uptime = null;
        for (int k = 0; k < n; k++) {
            if (t[k].equals("-")) continue;
            if (!NUMBER.matcher(t[k]).matches()) throw new ParseException(no, columns.get(k) + ": '" + Text.shorten(t[k]) + "' is not a number");
            double v = Double.parseDouble(t[k].replace(',', '.')); // a decimal comma: jstat formats by the locale
            if (columns.get(k).equals("Timestamp")) uptime = v;
            else values.put(columns.get(k), v);
        }
        String causes = t.length > n ? String.join(" ", Arrays.copyOfRange(t, n, t.length)) : null;
        return new Jstat.Row(uptime, values, causes);
    }

    /** What the columns say the option was. */
    static String option(List<String> c) {
        if (c.contains("LGCC")) return "-gccause";
        if (c.contains("S0C") && c.contains("OU")) return "-gc";
        if (c.contains("O") && c.contains("E")) return "-gcutil";
        if (c.contains("OU")) return "-gcold";
        if (c.contains("NGC") && c.contains("OGCMX")) return "-gccapacity";
        if (c.contains("OGCMX")) return "-gcoldcapacity";
        if (c.contains("S0CMX")) return "-gcnewcapacity";
        if (c.contains("TT")) return "-gcnew";
        if (c.contains("MCMX")) return "-gcmetacapacity";
        if (c.contains("PGCMX")) return "-gcpermcapacity";
        return "jstat";
    }

    /** The interval of {@code [-t] [-h<n>] <vmid> [<interval>[ms|s]] [<count>]}: milliseconds without a unit, as jstat reads it. */
    private static Duration interval(String rest) {
        List<String> words = new ArrayList<>(List.of(rest.replaceAll("\\$\\([^)]*\\)|`[^`]*`", "pid").strip().split("\\s+")));
        words.removeIf(w -> w.startsWith("-") || w.isEmpty());
        if (words.size() < 2) return null;
        Matcher m = INTERVAL.matcher(words.get(1));
        if (!m.matches()) return null;
        long n = Long.parseLong(m.group(1));
        Duration d = "s".equals(m.group(2)) ? Duration.ofSeconds(n) : Duration.ofMillis(n);
        return d.isZero() ? null : d;
    }
}
