// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Mapping;
import io.jrss.core.model.MappingFields;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads {@code /proc/<pid>/smaps}: one {@link Mapping} per header line, its "Name: N kB" fields in bytes.
 * Scans characters by hand (no regex, no split per line) because a large JVM has 100k lines and more.
 * Fields that are not numbers ({@code VmFlags}) are dropped; plain numbers ({@code THPeligible},
 * {@code ProtectionKey}) are kept as printed. {@link #listedOnce} drops a stale listing of a mapping that changed
 * while jrss read it.
 */
public final class SmapsParser {
    private static final String WHAT = "/proc/<pid>/smaps";

    private SmapsParser() {}

    public static List<Mapping> parse(String text) {
        if (text == null || text.isBlank()) throw new ParseException(0, "empty input, expected " + WHAT);
        List<Mapping> out = new ArrayList<>();
        Names names = new Names();
        Header header = null;
        MappingFields.Builder fields = new MappingFields.Builder();
        int no = 0, pos = 0, n = text.length();
        while (pos < n) {
            int end = text.indexOf('\n', pos);
            if (end < 0) end = n;
            no++;
            int lineEnd = end > pos && text.charAt(end - 1) == '\r' ? end - 1 : end;
            if (lineEnd > pos) {
                int sp = indexOfSpace(text, pos, lineEnd);
                if (sp > pos && text.charAt(sp - 1) == ':') {
                    if (header == null) throw new ParseException(no, "field before the first mapping header; not " + WHAT);
                    field(text, pos, sp, lineEnd, no, fields, names);
                } else {
                    if (header != null) out.add(header.toMapping(fields, no - 1));
                    header = Header.parse(text, pos, lineEnd, no);
                    names.next = 0;
                }
            }
            pos = end + 1;
        }
        if (header == null) throw new ParseException(0, "no mapping header line; not " + WHAT);
        out.add(header.toMapping(fields, no));
        return Collections.unmodifiableList(out);
    }

    /**
     * smaps as jrss read it from the kernel, each range once. The kernel writes smaps a page of text at a time and lets
     * the process run between two pages, so a mapping that changed in between (an arena heap grown by a page, two
     * mappings merged) is listed again, the second time as it is after the change, over the range the first time
     * covered; the kernel's documentation calls this acceptable and leaves it to the reader. The earlier, overlapping
     * entries are dropped: counted twice, a 37 MiB arena heap made the RSS 37 MiB too large and its stale copy, followed
     * by no reserved tail, was no heap's shape (issue 26). Only for jrss's own reads: smaps pieces someone pasted may be
     * two moments of one range on purpose (a stack before and after its guard page split it).
     */
    public static List<Mapping> listedOnce(List<Mapping> maps) {
        List<Mapping> out = new ArrayList<>(maps.size());
        for (Mapping m : maps) {
            while (!out.isEmpty() && out.get(out.size() - 1).end() > m.start() && out.get(out.size() - 1).start() < m.end()) out.remove(out.size() - 1);
            out.add(m);
        }
        return out.size() == maps.size() ? maps : Collections.unmodifiableList(out);
    }

    /**
     * The field names, in the order the kernel prints them in every mapping: each line's name is compared with the one
     * expected there and the same String reused, rather than 25 new Strings a mapping (2.5 million at 100 000 mappings).
     */
    private static final class Names {
        final List<String> order = new ArrayList<>();
        int next;

        String at(String t, int from, int to) {
            int len = to - from;
            if (next < order.size()) {
                String expected = order.get(next);
                if (expected.length() == len && t.regionMatches(from, expected, 0, len)) {
                    next++;
                    return expected;
                }
            }
            for (int k = 0; k < order.size(); k++) {
                String known = order.get(k);
                if (known.length() == len && t.regionMatches(from, known, 0, len)) {
                    next = k + 1;
                    return known;
                }
            }
            String name = t.substring(from, to);
            if (order.size() < 64) order.add(name);
            next = order.size();
            return name;
        }
    }

    private static void field(String t, int from, int colonSpace, int to, int no, MappingFields.Builder fields, Names names) {
        String name = names.at(t, from, colonSpace - 1);
        int i = colonSpace;
        while (i < to && (t.charAt(i) == ' ' || t.charAt(i) == '\t')) i++;
        if (i == to) throw new ParseException(no, "field '" + name + "' has no value; truncated?");
        if (!Character.isDigit(t.charAt(i))) return; // VmFlags and other text fields
        long v = 0;
        while (i < to && Character.isDigit(t.charAt(i))) {
            v = v * 10 + (t.charAt(i++) - '0');
            if (v < 0) throw new ParseException(no, "field '" + name + "' overflows");
        }
        while (i < to && t.charAt(i) == ' ') i++;
        if (t.startsWith("kB", i)) v *= 1024;
        else if (i < to) return; // neither "N kB" nor a plain number: not a reading we use
        fields.put(name, v);
    }

    private static int indexOfSpace(String t, int from, int to) {
        for (int i = from; i < to; i++) if (t.charAt(i) == ' ' || t.charAt(i) == '\t') return i;
        return to;
    }

    /** "start-end perms offset dev inode [pathname]". */
    private record Header(long start, long end, String perms, long offset, String dev, long inode, String path, int line) {
        static Header parse(String t, int from, int to, int no) {
            String[] f = new String[5];
            int i = from;
            for (int k = 0; k < 5; k++) {
                while (i < to && t.charAt(i) == ' ') i++;
                int s = i;
                while (i < to && t.charAt(i) != ' ') i++;
                if (s == i) throw new ParseException(no, "not a smaps mapping header: '" + Text.shorten(t.substring(from, to)) + "'");
                f[k] = t.substring(s, i);
            }
            while (i < to && t.charAt(i) == ' ') i++;
            int dash = f[0].indexOf('-');
            if (dash < 1 || f[1].length() != 4) {
                throw new ParseException(no, "not a smaps mapping header: '" + Text.shorten(t.substring(from, to)) + "'");
            }
            return new Header(Text.parseHex(f[0].substring(0, dash), no, "start address"),
                    Text.parseHex(f[0].substring(dash + 1), no, "end address"), SharedNames.of(f[1]), Text.parseHex(f[2], no, "offset"),
                    SharedNames.of(f[3]), Text.parseLong(f[4], no, "inode"), SharedNames.of(t.substring(i, to)), no);
        }

        Mapping toMapping(MappingFields.Builder fields, int lastLine) {
            // every kernel prints Size first; a header without it is the cut end of a read
            if (!fields.has("Size")) throw new ParseException(line, "mapping without a Size field; truncated?");
            return new Mapping(start, end, perms, offset, dev, inode, path, fields.build());
        }
    }
}
