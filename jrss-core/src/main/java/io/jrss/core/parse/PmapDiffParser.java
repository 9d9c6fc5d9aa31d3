// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Mapping;
import io.jrss.core.model.PmapDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code diff pmap.1 pmap.9}, as people compare two pmaps of a process to see what grew: its "<" lines are the
 * earlier pmap's, its ">" lines the later's, in the plain layout ("00007f4060000000 32276K rw--- [ anon ]") or
 * that of pmap -x; hunk headers ("56,57c58") and "---" separate them.
 */
public final class PmapDiffParser {
    private PmapDiffParser() {}

    /** The diffs in the paste (several compare one pmap with different earlier ones): the one that shows the most growth. */
    public static PmapDiff parse(String text) {
        List<String> lines = Text.lines(text, "a diff of two pmaps");
        List<PmapDiff> diffs = new ArrayList<>();
        int from = 0, lastHunk = -1;
        for (int i = 0; i < lines.size(); i++) {
            Matcher h = HUNK.matcher(lines.get(i).strip());
            if (!h.matches()) continue;
            int at = Integer.parseInt(h.group(1));
            if (at <= lastHunk) { diffs.add(one(lines, from, i)); from = i; } // line numbers start over: the next diff
            lastHunk = at;
        }
        diffs.add(one(lines, from, lines.size()));
        diffs.removeIf(d -> d.before().isEmpty() && d.after().isEmpty());
        if (diffs.isEmpty()) throw new ParseException(0, "no '<' or '>' pmap lines; not a diff of two pmaps");
        return diffs.stream().max(java.util.Comparator.comparing(d -> d.growth(m -> true))).orElseThrow();
    }

    private static final Pattern HUNK = Pattern.compile("(\\d{1,9})(?:,\\d{1,9})?[acd]\\d{1,9}(?:,\\d{1,9})?");

    private static PmapDiff one(List<String> lines, int from, int to) {
        List<Mapping> before = new ArrayList<>(), after = new ArrayList<>();
        Bytes totalBefore = null, totalAfter = null;
        for (int i = from; i < to; i++) {
            String l = lines.get(i).strip();
            if (!l.startsWith("<") && !l.startsWith(">")) continue;
            boolean later = l.startsWith(">");
            String row = l.substring(1).strip();
            if (row.startsWith("total")) { // "total 3287676K", or pmap -x's "total kB 10055956 1702372 1687060"
                Bytes t = null;
                for (String f : row.split("\\s+")) if (t == null && !f.equals("total") && !f.equals("kB")) t = size(f);
                if (later) totalAfter = t; else totalBefore = t;
                continue;
            }
            Mapping m = row(row, i + 1);
            if (m != null) (later ? after : before).add(m);
        }
        return new PmapDiff(List.copyOf(before), List.copyOf(after), totalBefore, totalAfter);
    }

    /** "ADDR SIZE[K] MODE NAME" or pmap -x's "ADDR KBYTES RSS DIRTY MODE NAME"; null when it is neither. */
    static Mapping row(String row, int line) {
        String[] f = row.split("\\s+");
        if (f.length < 3 || !f[0].matches("[0-9a-fA-F]{6,16}")) return null;
        Bytes size = size(f[1]);
        int mode = f[2].matches("[r-][w-][x-][s-][-R]?") ? 2 : f.length > 4 && f[4].matches("[r-][w-][x-][s-][-R]?") ? 4 : -1;
        if (size == null || mode < 0) return null;
        long start = Text.parseHex(f[0], line, "address");
        String name = PmapParser.name(f.length > mode + 1 ? String.join(" ", java.util.Arrays.copyOfRange(f, mode + 1, f.length)) : "");
        return new Mapping(start, start + size.value(), PmapParser.perms(f[mode]), 0, "", 0, name, java.util.Map.of("Size", size.value()));
    }

    /** "32276K", "32276" (KiB), "3287676K"; null when it is not a size. */
    static Bytes size(String s) {
        String n = s.endsWith("K") || s.endsWith("k") ? s.substring(0, s.length() - 1) : s;
        return n.matches("\\d{1,12}") ? Bytes.ofKiB(Long.parseLong(n)) : null;
    }
}
