// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Mapping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pmap -x <pid>} ({@code Address Kbytes RSS Dirty Mode Mapping}) and {@code pmap -X <pid>} (the smaps
 * fields as columns: {@code Address Perm Offset Device Inode Size Rss Pss ... Mapping}) as mappings with their
 * Rss, so the ledger reads them as it reads smaps. pmap -x names a file by its last component only and anonymous
 * memory {@code [ anon ]}; both stay as printed, the latter as an empty name. Fragments are fine: lines that are
 * not mappings (the pid line, the header, the dashes, the total) are skipped.
 */
public final class PmapParser {
    private PmapParser() {}

    public static List<Mapping> parse(String text) {
        List<String> lines = Text.lines(text, "pmap -x or pmap -X output");
        List<String> header = null;
        List<Mapping> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.startsWith("Address")) { header = List.of(l.split("\\s+")); continue; }
            if (l.isEmpty() || !Character.isLetterOrDigit(l.charAt(0)) || l.startsWith("total") || Text.isPidLine(l.split("\\s+")[0])) continue;
            String[] f = l.split("\\s+");
            if (!f[0].matches("[0-9a-fA-F]{6,16}")) continue;
            Mapping m = header != null && header.contains("Perm") ? wide(header, f, i + 1) : narrow(f, i + 1);
            if (m != null) out.add(m);
        }
        if (out.isEmpty()) throw new ParseException(1, "no mapping lines (expected 'Address Kbytes RSS Dirty Mode Mapping' rows)");
        return out;
    }

    /** pmap -x: address, Kbytes, RSS, Dirty, Mode, Mapping (RSS and Dirty may be '-' on old procps). */
    private static Mapping narrow(String[] f, int line) {
        if (f.length < 5) return null;
        long start = Text.parseHex(f[0], line, "address");
        long rss = f[2].equals("-") ? 0 : Text.parseLong(f[2], line, "RSS");
        long kb = Math.max(Text.parseLong(f[1], line, "Kbytes"), rss); // some old procps print Kbytes 0: a mapping is at least what is resident
        String mode = f[4];
        String name = f.length > 5 ? String.join(" ", java.util.Arrays.copyOfRange(f, 5, f.length)) : "";
        Map<String, Long> fields = new LinkedHashMap<>();
        fields.put("Size", kb * 1024);
        fields.put("Rss", rss * 1024);
        if (!f[3].equals("-")) fields.put("Private_Dirty", Text.parseLong(f[3], line, "Dirty") * 1024);
        return new Mapping(start, start + kb * 1024, perms(mode), 0, "", 0, name(name), fields);
    }

    /** pmap -X: the header names the columns (Size, Rss, Pss, ..., in kB) up to Mapping. */
    private static Mapping wide(List<String> header, String[] f, int line) {
        int mapping = header.indexOf("Mapping");
        if (f.length < 7 || !f[2].matches("[0-9a-fA-F]{1,16}") || !f[4].matches("\\d{1,19}")) return null;
        long start = Text.parseHex(f[0], line, "address");
        Map<String, Long> fields = new LinkedHashMap<>();
        for (int c = 5; c < Math.min(Math.min(f.length, header.size()), mapping < 0 ? f.length : mapping); c++) {
            if (f[c].matches("\\d{1,15}")) fields.put(header.get(c), Long.parseLong(f[c]) * 1024);
        }
        long size = fields.getOrDefault("Size", 0L);
        String name = mapping >= 0 && f.length > mapping ? String.join(" ", java.util.Arrays.copyOfRange(f, mapping, f.length)) : "";
        return new Mapping(start, start + size, f[1], Text.parseHex(f[2], line, "offset"), f[3], Text.parseLong(f[4], line, "inode"), name(name), fields);
    }

    /** "r-x--" or "rw-s-" to smaps' "r-xp" / "rw-s". */
    static String perms(String mode) {
        String m = (mode + "----").substring(0, 4);
        return m.substring(0, 3) + (m.charAt(3) == 's' ? 's' : 'p');
    }

    static String name(String n) {
        String s = n.replaceAll("(\\s*<\\d+>)+$", "").strip(); // call-out markers a blog added ("[ anon ] <1>")
        if (s.equals("[ anon ]") || s.equals("[anon]")) return "";
        if (s.startsWith("[ ") && s.endsWith(" ]")) return "[" + s.substring(2, s.length() - 2) + "]";
        return s;
    }
}
