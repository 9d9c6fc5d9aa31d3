// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.FileCache;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads util-linux's {@code fincore}: a header {@code RES PAGES SIZE FILE} (the default columns), then a row per file,
 * sizes in bytes ({@code --bytes}, as jrss takes it) or as fincore prints them for people ({@code 4K}, {@code 1.2G}:
 * binary units). The file is the rest of the row, spaces and all.
 */
public final class FincoreParser {
    private static final Pattern HEADER = Pattern.compile("^\\s*RES\\s+PAGES\\s+SIZE\\s+FILE\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d{1,19}(?:\\.\\d{1,3})?[KMGTP]?B?)\\s+(\\d{1,19})\\s+(\\d{1,19}(?:\\.\\d{1,3})?[KMGTP]?B?)\\s+(\\S.{0,4000})$");

    private FincoreParser() {}

    public static FileCache parse(String text) {
        List<String> lines = Text.lines(text, "fincore");
        if (lines.stream().noneMatch(l -> HEADER.matcher(l).matches())) throw new ParseException(1, "no 'RES PAGES SIZE FILE' header: not fincore's table");
        List<FileCache.File> out = new ArrayList<>();
        for (String l : lines) {
            Matcher m = ROW.matcher(l);
            if (m.matches()) out.add(new FileCache.File(m.group(4).strip(), size(m.group(1)), size(m.group(3))));
        }
        return new FileCache(out);
    }

    /** "4096", "4K", "1.5G" (fincore's human sizes are binary). */
    static Bytes size(String s) {
        String v = s.endsWith("B") ? s.substring(0, s.length() - 1) : s;
        char unit = v.charAt(v.length() - 1);
        int shift = switch (unit) { case 'K' -> 10; case 'M' -> 20; case 'G' -> 30; case 'T' -> 40; case 'P' -> 50; default -> 0; };
        double n = Double.parseDouble(shift == 0 ? v : v.substring(0, v.length() - 1));
        return Bytes.of(Math.round(n * (1L << shift)));
    }
}
