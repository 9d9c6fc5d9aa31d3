// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code GC.heap_info} of G1, Parallel, Serial, ZGC, Shenandoah and Epsilon (JDK 17 and 25 layouts), and of
 * JDK 8's CMS, whose lines GC.heap_info and an hs_err file's "Heap:" print alike.
 * Longer than most files: each collector prints its own layout.
 *
 * <p>{@code committed}: G1's "total" (JDK 17) or "committed" (JDK 25); for Parallel, Serial and CMS the sum of each
 * generation's committed virtual space [low, high) from its {@code [low, high, high_boundary)} range, because
 * their "total" leaves out one survivor space; ZGC's "capacity"; Shenandoah's "committed"; Epsilon's space size.
 * {@code ranges}: the whole heap for G1, Shenandoah and Epsilon, one range [low, high_boundary) per generation
 * for Parallel, Serial and CMS, none for ZGC.
 */
public final class HeapInfoParser {
    private static final String WHAT = "GC.heap_info output";

    private HeapInfoParser() {}

    public static HeapInfo parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        String gc = null;
        Bytes committed = Bytes.ZERO, used = Bytes.ZERO, regionSize = null;
        List<AddressRange> ranges = new ArrayList<>();
        HeapInfo.SpaceUsage metaspace = null, classSpace = null;
        boolean zgcCache = false;
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            if (s.isEmpty() || Text.isPidLine(s)) continue;
            if (s.startsWith("garbage-first heap")) {
                gc = "G1";
                // JDK 25: "total reserved 65536K, committed 65536K, used ..."; JDK 17: "total 65536K, used ..."
                committed = k(s.contains("committed ") ? word(s, "committed ", no) : word(s, "total ", no), no);
                used = k(word(s, "used ", no), no);
                ranges.add(range(s, no));
            } else if (s.startsWith("region size ")) {
                regionSize = k(word(s, "region size ", no), no);
            } else if (s.startsWith("PSYoungGen") || s.startsWith("ParOldGen")
                    || s.startsWith("def new generation") || s.startsWith("tenured generation") // JDK 17 Serial
                    || s.startsWith("DefNew") || s.startsWith("Tenured") // JDK 25 Serial
                    || s.startsWith("par new generation") || s.startsWith("concurrent mark-sweep generation")) { // JDK 8 CMS
                gc = s.startsWith("PS") || s.startsWith("ParOld") ? "Parallel" : s.startsWith("par new") || s.startsWith("concurrent") ? "CMS" : "Serial";
                long[] a = addresses(s, no);
                if (a.length != 3) throw new ParseException(no, "generation line needs [low, high, high_boundary)");
                committed = committed.plus(Bytes.of(a[1] - a[0]));
                used = used.plus(k(word(s, "used ", no), no));
                ranges.add(new AddressRange(a[0], a[2]));
            } else if (s.startsWith("ZHeap")) {
                gc = "ZGC";
                used = k(word(s, "used ", no), no);
                committed = k(word(s, "capacity ", no), no);
            } else if (s.startsWith("Cache ") || s.startsWith("size classes")) {
                zgcCache = true; // JDK 25 generational ZGC prints its page cache; JDK 17 ZGC does not
            } else if (s.equals("Shenandoah Heap")) {
                gc = "Shenandoah";
            } else if (s.endsWith(" used") && s.contains(" committed,") && "Shenandoah".equals(gc)) {
                committed = k(s.substring(s.indexOf("soft max, ") + 10, s.indexOf(" committed,")), no);
                used = k(s.substring(s.indexOf("committed, ") + 11, s.length() - " used".length()), no);
            } else if (s.endsWith(" regions") && s.contains(" x ")) { // "256 x 256K regions", JDK 25 "256 x 256 K regions"
                regionSize = k(s.substring(s.indexOf(" x ") + 3, s.length() - " regions".length()).replace(" ", ""), no);
            } else if (s.startsWith("- [") && "Shenandoah".equals(gc)) {
                ranges.add(range(s, no));
            } else if (s.equals("Epsilon Heap")) {
                gc = "Epsilon";
            } else if (s.startsWith("space ") && "Epsilon".equals(gc)) {
                long[] a = addresses(s, no);
                if (a.length != 3) throw new ParseException(no, "Epsilon space needs [low, top, high)");
                committed = k(word(s, "space ", no).replace(",", ""), no);
                used = Bytes.of(a[1] - a[0]);
                ranges.add(new AddressRange(a[0], a[2]));
            } else if (s.startsWith("Metaspace ")) {
                metaspace = space(s, no);
            } else if (s.startsWith("class space ")) {
                classSpace = space(s, no);
            }
            // eden/from/to/object spaces, young/survivor region counts, Shenandoah status lines: not in the model
        }
        if (gc == null) throw new ParseException(0, "no heap line of a known collector; not " + WHAT);
        if ("ZGC".equals(gc) && zgcCache) gc = "ZGC (generational)";
        if (("Parallel".equals(gc) || "Serial".equals(gc) || "CMS".equals(gc)) && ranges.size() != 2) {
            throw new ParseException(0, gc + " heap_info needs a young and an old generation; output truncated?");
        }
        return new HeapInfo(gc, committed, used, List.copyOf(ranges), regionSize, metaspace, classSpace);
    }

    /** "Metaspace used 103K, committed 320K, reserved 1114112K" (JDK 17; JDK 25 prints it in VM.metaspace). */
    private static HeapInfo.SpaceUsage space(String s, int no) {
        return new HeapInfo.SpaceUsage(k(word(s, "used ", no), no), k(word(s, "committed ", no), no), k(word(s, "reserved ", no), no));
    }

    /** The token after {@code key}, without a trailing comma. */
    private static String word(String s, String key, int no) {
        int i = s.indexOf(key);
        if (i < 0) throw new ParseException(no, "missing '" + key.strip() + "' in '" + Text.shorten(s) + "'");
        int from = i + key.length();
        while (from < s.length() && s.charAt(from) == ' ') from++;
        int to = from;
        while (to < s.length() && s.charAt(to) != ' ' && s.charAt(to) != ',') to++;
        return s.substring(from, to);
    }

    private static Bytes k(String v, int no) {
        return Text.amount(v, no, "size");
    }

    private static AddressRange range(String s, int no) {
        long[] a = addresses(s, no);
        return new AddressRange(a[0], a[a.length - 1]);
    }

    /** The addresses of the "[0x..., 0x...)" or "[0x...,0x...,0x...)" part of a line. */
    private static long[] addresses(String s, int no) {
        int open = s.indexOf('['), close = s.indexOf(')', open + 1);
        if (open < 0 || close < 0) throw new ParseException(no, "missing address range '[..., ...)'; truncated? '" + Text.shorten(s) + "'");
        String[] parts = s.substring(open + 1, close).split(",");
        if (parts.length < 2) throw new ParseException(no, "address range needs at least two addresses");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) out[i] = Text.parseHex(parts[i], no, "address");
        return out;
    }
}
