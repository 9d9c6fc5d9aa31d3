// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.GlibcMalloc;
import io.jrss.core.model.VmInfo;

import java.util.List;

/**
 * Reads the lines of {@code VM.info} that jrss uses, from the full output or from the filtered copy jrss stores:
 * "Heap address:", "CDS archive(s) mapped at:", "Compressed class space mapped at:", the "C-Heap outstanding
 * allocations" and "glibc malloc tunables" lines of "Process Memory", and LD_PRELOAD / MALLOC_ARENA_MAX of the
 * "Environment Variables" section. At least one of them must be present.
 * {@code GlibcMalloc.retained} is null where the JDK prints only outstanding allocations.
 */
public final class VmInfoParser {
    private static final String WHAT = "VM.info output";
    private static final long MIB = 1024 * 1024;

    private VmInfoParser() {}

    public static VmInfo parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        AddressRange heap = null, classSpace = null, cds = null;
        Bytes outstanding = null, retained = null, rss = null;
        String tunables = null, ldPreload = null, arenaMax = null;
        boolean wrapped = false, inEnv = false, found = false;
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            if (s.isEmpty()) {
                inEnv = false;
                continue;
            }
            if (s.startsWith("Heap address:")) { // "Heap address: 0x00000000fc000000, size: 64 MB, Compressed Oops mode: ..."
                long start = Text.parseHex(between(s, "Heap address:", ",", no), no, "heap address");
                long mib = Text.parseLong(between(s, "size:", "MB", no), no, "heap size");
                heap = new AddressRange(start, start + Math.multiplyExact(mib, MIB));
            } else if (s.startsWith("CDS archive(s) mapped at:")) { // "[base-static_end-dynamic_end), size N, ..."
                String[] a = between(s, "[", ")", no).split("-");
                if (a.length < 2) throw new ParseException(no, "CDS range needs '[start-...-end)'");
                cds = new AddressRange(Text.parseHex(a[0], no, "CDS start"), Text.parseHex(a[a.length - 1], no, "CDS end"));
            } else if (s.startsWith("Compressed class space mapped at:")) { // "0x...-0x..., reserved size: N"
                String[] a = between(s, "mapped at:", ",", no).split("-");
                if (a.length != 2) throw new ParseException(no, "class space range needs 'start-end'");
                classSpace = new AddressRange(Text.parseHex(a[0], no, "class space start"), Text.parseHex(a[1], no, "class space end"));
            } else if (s.startsWith("C-Heap outstanding allocations:")) {
                // "C-Heap outstanding allocations: 11305K, retained: 1662K[ (may have wrapped)]"; older JDKs: outstanding only
                String rest = s.substring("C-Heap outstanding allocations:".length()).strip();
                int comma = rest.indexOf(',');
                outstanding = Text.amount(comma < 0 ? rest.split(" ")[0] : rest.substring(0, comma), no, "outstanding");
                if (rest.contains("retained:")) retained = Text.amount(Text.after(rest, "retained: "), no, "retained");
                wrapped = rest.contains("(may have wrapped)");
            } else if (s.startsWith("Resident Set Size:")) { // JDK 17+ "Process Memory": "Resident Set Size: 18976K (peak: ...)"
                rss = Text.amount(s.substring("Resident Set Size:".length()).strip().split("\\s+")[0], no, "Resident Set Size");
            } else if (s.startsWith("glibc malloc tunables:")) {
                tunables = s.substring("glibc malloc tunables:".length()).strip();
                if (tunables.contains("MALLOC_ARENA_MAX=")) arenaMax = Text.after(tunables, "MALLOC_ARENA_MAX=");
            } else if (s.equals("Environment Variables:")) {
                inEnv = true;
                continue;
            } else if (inEnv && s.startsWith("LD_PRELOAD=")) {
                ldPreload = s.substring("LD_PRELOAD=".length());
            } else if (inEnv && s.startsWith("MALLOC_ARENA_MAX=")) {
                arenaMax = s.substring("MALLOC_ARENA_MAX=".length());
            } else {
                continue;
            }
            found = true;
        }
        if (!found) throw new ParseException(0, "none of the VM.info lines jrss reads (Heap address, C-Heap, environment); not " + WHAT);
        GlibcMalloc glibc = outstanding == null ? null : new GlibcMalloc(outstanding, retained, tunables, wrapped);
        return new VmInfo(glibc, heap, classSpace, cds, ldPreload, arenaMax, rss);
    }

    private static String between(String s, String from, String to, int no) {
        int a = s.indexOf(from);
        int b = a < 0 ? -1 : s.indexOf(to, a + from.length());
        if (a < 0 || b < 0) throw new ParseException(no, "expected '" + from + " ... " + to + "' in '" + Text.shorten(s) + "'");
        return s.substring(a + from.length(), b).strip();
    }
}
