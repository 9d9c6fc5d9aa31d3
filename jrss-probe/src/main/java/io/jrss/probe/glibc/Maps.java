// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header lines of /proc/pid/smaps (or maps): which ranges are readable, which belong to libc, which is the brk
 * heap. Paths are the target's own words: they only pick ranges, never a file to open.
 */
record Maps(List<Range> ranges) {
    /** One mapping: {@code [start, end)}, its permissions ("rw-p") and path ("" for anonymous memory). */
    record Range(long start, long end, String perms, String path) {
        boolean contains(long address, long length) { return address >= start && length >= 0 && address + length <= end && address + length >= address; }
        boolean readable() { return perms.charAt(0) == 'r'; }
        boolean anonymousReadWrite() { return path.isEmpty() && perms.startsWith("rw") && perms.endsWith("p"); }
        long size() { return end - start; }
    }

    private static final Pattern HEADER = Pattern.compile("([0-9a-f]+)-([0-9a-f]+) ([-r][-w][-x][ps]) [0-9a-f]+ \\S+ \\d+ *(.*)");
    /** glibc's libc: libc.so.6 (2.34+ and Debian's names), libc-2.17.so (older releases). */
    private static final Pattern LIBC = Pattern.compile("/libc(-2\\.\\d+)?\\.so(\\.6)?$");
    private static final Pattern MUSL = Pattern.compile("/(ld-musl-[^/]*\\.so\\.1|libc\\.musl-[^/]*\\.so\\.1)$");

    static Maps parse(String smaps) {
        List<Range> out = new ArrayList<>();
        // Only header lines (a hex digit first, and a '-' before the first space) go to the pattern: smaps has some
        // 20 field lines per mapping.
        for (int from = 0; from < smaps.length(); ) {
            int eol = smaps.indexOf('\n', from);
            if (eol < 0) eol = smaps.length();
            int dash = smaps.indexOf('-', from), space = smaps.indexOf(' ', from);
            if (Character.digit(smaps.charAt(from), 16) >= 0 && dash > from && dash < space && space < eol) {
                Matcher m = HEADER.matcher(smaps.substring(from, eol));
                if (m.matches()) out.add(new Range(Long.parseUnsignedLong(m.group(1), 16), Long.parseUnsignedLong(m.group(2), 16), m.group(3), m.group(4).strip()));
            }
            from = eol + 1;
        }
        return new Maps(List.copyOf(out));
    }

    List<Range> readable() { return ranges.stream().filter(Range::readable).toList(); }

    /** libc's mappings, in address order; empty if none is mapped. */
    List<Range> libc() { return ranges.stream().filter(r -> LIBC.matcher(r.path()).find()).toList(); }

    boolean musl() { return ranges.stream().anyMatch(r -> MUSL.matcher(r.path()).find()); }

    /** The brk heap, where the main arena grows; null before the first sbrk. */
    Range brk() { return ranges.stream().filter(r -> r.path().equals("[heap]")).findFirst().orElse(null); }

    /** The malloc that is loaded beside glibc's and would take its place (LD_PRELOAD or linked), or null. */
    String otherMalloc() {
        for (Range r : ranges) {
            String name = r.path().substring(r.path().lastIndexOf('/') + 1);
            for (String a : new String[] {"jemalloc", "tcmalloc", "mimalloc"}) if (name.startsWith("lib" + a)) return a;
        }
        return null;
    }
}
