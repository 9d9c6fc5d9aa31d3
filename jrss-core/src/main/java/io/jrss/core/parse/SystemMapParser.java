// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.SystemMapEntry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads JDK 25 {@code System.map}: the legend, then one line per mapping
 * ({@code from-to vsize prot rss hugetlb pgsz notes info file}) and a footer of totals.
 * Only mapping lines are read; the vsize column must equal to - from, which catches cut or shifted lines.
 */
public final class SystemMapParser {
    private static final String WHAT = "System.map output";

    private SystemMapParser() {}

    /** True when the target printed "NMT is disabled. VM info not available." (the info column is then all "-"). */
    public static boolean isNmtDisabled(String text) {
        return text != null && text.contains("NMT is disabled");
    }

    /** Pasted without smaps: its mappings with their Rss, files by path (its NMT tags are not used yet). */
    public static List<io.jrss.core.model.Mapping> asMappings(String text) {
        List<io.jrss.core.model.Mapping> out = new ArrayList<>();
        for (SystemMapEntry e : parse(text)) {
            String perms = (e.prot() + "----").substring(0, 4);
            out.add(new io.jrss.core.model.Mapping(e.range().start(), e.range().end(), perms, 0, "", 0, e.file(),
                    java.util.Map.of("Size", e.range().size(), "Rss", e.rss().value())));
        }
        return out;
    }

    public static List<SystemMapEntry> parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        List<SystemMapEntry> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            java.util.regex.Matcher spaced = SPACED.matcher(s);
            if (spaced.matches()) out.add(spaced(spaced, i + 1));
            else if (s.startsWith("0x")) out.add(entry(s, i + 1));
        }
        if (out.isEmpty() && !text.contains("Memory mappings:")) throw new ParseException(0, "no 'Memory mappings:' header and no mapping line; not " + WHAT);
        if (out.isEmpty()) throw new ParseException(0, "no mapping lines; output truncated?");
        return Collections.unmodifiableList(out);
    }

    /** The later layout: "from - to size rss hugetlb pgsz prot notes info [file]". */
    private static final java.util.regex.Pattern SPACED = java.util.regex.Pattern.compile(
            "^(0x[0-9a-fA-F]+) - (0x[0-9a-fA-F]+)\\s+(\\d{1,19})\\s+(\\d{1,19})\\s+(\\d{1,19})\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)(?:\\s+(\\S+))?.*");

    private static SystemMapEntry spaced(java.util.regex.Matcher m, int no) {
        AddressRange range = new AddressRange(Text.parseHex(m.group(1), no, "from"), Text.parseHex(m.group(2), no, "to"));
        String info = m.group(9), file = m.group(10) == null || m.group(10).equals("-") ? "" : m.group(10);
        return new SystemMapEntry(range, m.group(7), Bytes.of(Text.parseLong(m.group(4), no, "rss")), Bytes.of(Text.parseLong(m.group(5), no, "hugetlb")),
                m.group(6), list(m.group(8), false), list(info, true), info.equals("-") ? "" : info, file);
    }

    private static SystemMapEntry entry(String s, int no) {
        String[] f = s.split("\\s+", 9);
        if (f.length < 8) throw new ParseException(no, "mapping line needs 'from-to vsize prot rss hugetlb pgsz notes info'; truncated?");
        int dash = f[0].indexOf('-');
        if (dash < 0) throw new ParseException(no, "expected 'from-to' but found '" + Text.shorten(f[0]) + "'");
        AddressRange range = new AddressRange(Text.parseHex(f[0].substring(0, dash), no, "from"),
                Text.parseHex(f[0].substring(dash + 1), no, "to"));
        if (Text.parseLong(f[1], no, "vsize") != range.size()) throw new ParseException(no, "vsize does not match the address range");
        String info = f[7];
        String file = f.length > 8 && !f[8].equals("-") ? f[8] : "";
        return new SystemMapEntry(range, f[2], Bytes.of(Text.parseLong(f[3], no, "rss")), Bytes.of(Text.parseLong(f[4], no, "hugetlb")),
                f[5], list(f[6], false), list(info, true), info.equals("-") ? "" : info, file);
    }

    /** "com,nothp" to [com, nothp]; for tags "STACK-4186-Attach-Listener" to [STACK]. */
    private static List<String> list(String column, boolean tags) {
        if (column.equals("-")) return List.of();
        List<String> out = new ArrayList<>();
        for (String part : column.split(",")) {
            String p = tags && part.indexOf('-') > 0 ? part.substring(0, part.indexOf('-')) : part;
            if (!p.isEmpty() && !out.contains(p)) out.add(p);
        }
        return List.copyOf(out);
    }
}
