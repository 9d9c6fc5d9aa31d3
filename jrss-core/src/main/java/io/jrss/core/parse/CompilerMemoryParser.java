// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.CompilerMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code Compiler.memory}: after the column header ("total NA RA #nodes time type #rc thread method", JDK 21;
 * later releases add columns), one row per compilation whose first column is its total, printed in bytes or with a
 * K, M or G suffix (KiB, MiB, GiB, as HotSpot's proper units are). The compiler type is the "c1"/"c2" column; the
 * method is the last column.
 */
public final class CompilerMemoryParser {
    private static final String WHAT = "Compiler.memory output";

    private CompilerMemoryParser() {}

    public static CompilerMemory parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        List<CompilerMemory.Compilation> rows = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.startsWith("total ") || s.startsWith("ctyp ")) { header = true; continue; }
            if (!header || s.isEmpty() || s.startsWith("(")) continue;
            String[] f = s.split("\\s+");
            Bytes total = amount(f[0].startsWith("c") && f.length > 1 ? f[1] : f[0]);
            if (total == null || f.length < 3) continue;
            String type = "";
            for (String x : f) if (x.equals("c1") || x.equals("c2")) type = x;
            rows.add(new CompilerMemory.Compilation(total, type, f[f.length - 1]));
        }
        if (!header) throw new ParseException(0, "no 'total NA RA ...' column header; not " + WHAT);
        return new CompilerMemory(List.copyOf(rows));
    }

    /** "30273336", "59063K", "112M", "1.2G"; null when it is not an amount. */
    static Bytes amount(String s) {
        String t = s.toUpperCase(Locale.ROOT);
        long unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : t.endsWith("G") ? 1L << 30 : 1;
        String n = unit == 1 ? t : t.substring(0, t.length() - 1);
        if (!n.matches("\\d{1,15}(\\.\\d+)?")) return null;
        return Bytes.of(Math.round(Double.parseDouble(n) * unit));
    }
}
