// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtCategory;
import io.jrss.core.model.NmtSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code VM.native_memory summary} and the summary part of {@code detail}, JDK 8 to 25, in any
 * {@code scale=}. Longer than most files: one method per line kind of a format that changed in every release.
 *
 * <p>Layouts seen: JDK 8 prints no instance-classes line and {@code (malloc=196KB)} without a count; JDK 11
 * adds Metadata/Class space sub-blocks; JDK 17 adds {@code (at peak)}/{@code (peak=...)} and the
 * {@code malloc:}/{@code mmap:} lines under Total; JDK 21 says {@code (threads #N)}; JDK 25 adds {@code tag=}
 * to malloc lines and {@code peak=} to the Total malloc line. Amounts keep the precision of the scale.
 */
public final class NmtSummaryParser {
    private static final String WHAT = "VM.native_memory summary output";

    private NmtSummaryParser() {}

    /** True when the target answered that NMT is off. */
    public static boolean isDisabled(String text) {
        return text != null && text.contains("Native memory tracking is not enabled");
    }

    public static NmtSummary parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        if (isDisabled(text)) {
            throw ParseException.switchedOff("NMT is not enabled in the target; start it with -XX:NativeMemoryTracking=summary");
        }
        if (text.contains("Detail tracking is not enabled")) {
            throw new ParseException(0, "NMT runs at summary level; ask for 'VM.native_memory summary' or start with detail");
        }
        String level = "summary";
        Bytes totalReserved = null, totalCommitted = null, totalMalloc = null;
        List<Builder> categories = new ArrayList<>();
        Builder current = null;
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            if (s.isEmpty() || Text.isPidLine(s) || s.equals("Native Memory Tracking:")) continue;
            if (s.startsWith("Virtual memory map:") || s.startsWith("Details:") || s.startsWith("Memory file details")) {
                level = "detail"; // JDK 17+ detail: the summary is followed by the map and the call sites
                break;
            }
            if (s.startsWith("Total:")) {
                NmtLines.checkParens(s, no);
                totalReserved = NmtLines.required(s, "reserved=", no);
                totalCommitted = NmtLines.required(s, "committed=", no);
            } else if (totalReserved == null) {
                if (!s.startsWith("(Omitting")) throw new ParseException(no, "expected 'Total: reserved=...' but found '" + Text.shorten(s) + "'");
            } else if (s.startsWith("malloc:")) { // JDK 17.0.x backport and 21+: "malloc: 6860KB #4254[, peak=...]"
                String v = s.substring("malloc:".length()).strip();
                int sp = v.indexOf(' ');
                totalMalloc = Text.amount(sp < 0 ? v : v.substring(0, sp), no, "Total malloc");
            } else if (s.startsWith("mmap:")) {
                NmtLines.checkParens(s, no); // the mmap total is the sum of the categories' mmap lines
            } else if (s.startsWith("(")) {
                if (current == null) {
                    if (!s.startsWith("(Omitting")) throw new ParseException(no, "detail line before any category: '" + Text.shorten(s) + "'");
                } else {
                    NmtLines.checkParens(s, no);
                    current.detail(s, no);
                }
            } else if (s.contains("(reserved=")) {
                NmtLines.checkParens(s, no);
                current = new Builder(NmtLines.categoryName(s, no), NmtLines.required(s, "reserved=", no), NmtLines.required(s, "committed=", no));
                categories.add(current);
            } else {
                throw new ParseException(no, "not a line of " + WHAT + ": '" + Text.shorten(s) + "'");
            }
        }
        if (totalReserved == null) throw new ParseException(0, "no 'Total: reserved=..., committed=...' line; not " + WHAT);
        // A paste cut right after the Total line still says the totals; the categories are then unknown, not zero.
        List<NmtCategory> built = categories.stream().map(Builder::build).toList();
        if (totalMalloc == null) { // JDK 8, 11: HotSpot's malloc total is malloc + arena + tracking overhead
            totalMalloc = built.stream().map(c -> c.malloc().plus(c.arena()).plus(c.trackingOverhead()))
                    .reduce(Bytes.ZERO, Bytes::plus);
        }
        return new NmtSummary(level, totalReserved, totalCommitted, totalMalloc, built);
    }


    private static final class Builder {
        final String name;
        final Bytes reserved, committed;
        Bytes malloc = Bytes.ZERO, arena = Bytes.ZERO, mmapReserved = Bytes.ZERO, mmapCommitted = Bytes.ZERO;
        Bytes stackReserved = Bytes.ZERO, stackCommitted = Bytes.ZERO, trackingOverhead = Bytes.ZERO;
        long count = -1, mallocCount = -1;
        Bytes mallocPeak, arenaPeak;

        Builder(String name, Bytes reserved, Bytes committed) {
            this.name = name;
            this.reserved = reserved;
            this.committed = committed;
        }

        /** One "(...)" line: its first group, and for malloc and arena the peak group after it. */
        void detail(String s, int no) {
            String g = s.substring(1).strip();
            if (g.startsWith("malloc=")) {
                malloc = NmtLines.required(g, "malloc=", no);
                int hash = g.indexOf('#'); // "malloc=16450KB #20" (JDK 11+), "malloc=16450KB tag=Other #20" (JDK 25)
                if (hash > 0) mallocCount = Text.parseLong(g.substring(hash + 1).split("[^0-9]", 2)[0], no, "malloc count");
                mallocPeak = peak(s, malloc, no);
            }
            else if (g.startsWith("arena=")) { arena = NmtLines.required(g, "arena=", no); arenaPeak = peak(s, arena, no); }
            else if (g.startsWith("mmap:")) {
                mmapReserved = NmtLines.required(g, "reserved=", no);
                mmapCommitted = NmtLines.required(g, "committed=", no);
            } else if (g.startsWith("stack:")) { // JDK 11+: thread stacks are a sub-line of Thread
                stackReserved = NmtLines.required(g, "reserved=", no);
                stackCommitted = NmtLines.required(g, "committed=", no);
            } else if (g.startsWith("tracking overhead=")) trackingOverhead = NmtLines.required(g, "overhead=", no);
            else if (g.startsWith("classes #") || g.startsWith("thread #") || g.startsWith("threads #")) { // JDK 21: threads
                count = Text.parseLong(Text.after(g, "#"), no, "count");
            }
            // Metadata / Class space sub-blocks, instance classes, card sets: not part of the model
        }

        NmtCategory build() {
            return new NmtCategory(name, reserved, committed, malloc, arena, mmapReserved, mmapCommitted,
                    stackReserved, stackCommitted, trackingOverhead, count, mallocCount, mallocPeak, arenaPeak);
        }

        /** The highest the amount has been, JDK 17+: "(peak=909KB #13)", or "(at peak)" when it is now; null when not printed. */
        private static Bytes peak(String line, Bytes now, int no) {
            int at = line.indexOf("(peak=");
            if (at >= 0) return NmtLines.required(line.substring(at), "peak=", no);
            return line.contains("(at peak)") ? now : null;
        }
    }
}
