// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.NmtDiff;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code VM.native_memory summary.diff} (after {@code VM.native_memory baseline}), JDK 11 to 25, in any
 * {@code scale=}. Only the Total line and the category lines ({@code -  Name (reserved=..., committed=...)})
 * are read; the {@code (...)} sub-lines under a category are checked for balance and skipped.
 *
 * <p>A delta follows its amount as {@code " %+ld<scale>"} and is left out when it rounds to zero: {@code
 * reserved=19506KB -12323KB, committed=866KB -1271KB}. HotSpot rounds the raw difference, not the difference of
 * the printed amounts ({@code committed=1MB +1MB} after 768KB at {@code scale=MB}); a category that fell below
 * one unit still prints, as {@code reserved=0MB -2MB}. Quirks seen: JDK 17 prints no malloc/mmap totals under
 * Total, {@code ": (  Metadata)"} with a leading colon, and an arena delta without unit ({@code arena=20KB -14
 * #36 -24}); JDK 21+ prints {@code malloc=25917KB +16243KB #9788 +3135} and {@code mmap: reserved=...} at the
 * left margin after Total. At a coarse scale the Total line may carry no delta at all ({@code scale=GB}); the
 * counts ({@code #9788 +3135}) still show it is a diff.
 */
public final class NmtDiffParser {
    private static final String WHAT = "VM.native_memory summary.diff output";
    /** "reserved=1736916KB +17130KB" or "committed=0MB -2MB" on the Total line. */
    private static final Pattern TOTAL_DELTA = Pattern.compile("(?:reserved|committed)=\\d+[KMG]?B [+-]\\d+[KMG]?B");
    /** Any amount or count followed by a signed change: "=122KB +19KB", "#1559 +473". */
    private static final Pattern ANY_DELTA = Pattern.compile("(?:=\\d+[KMG]?B|#\\d+) [+-]\\d");
    private static final Pattern TOTAL_LINE = Pattern.compile("^\\s*Total: .*$", Pattern.MULTILINE);
    /** "(classes #42887 +21410)", "(thread #2150 +2000)": the count's change. */
    private static final Pattern COUNT = Pattern.compile("^\\((?:classes|thread|threads) #\\d+ ([+-]\\d{1,12})\\)");

    private NmtDiffParser() {}

    /**
     * True when {@code text} is NMT output with deltas: one on the Total line, or, when the scale rounds the
     * Total's change away, on any amount or count after it. A diff where nothing moved reads as a summary.
     */
    public static boolean isDiff(String text) {
        if (text == null) return false;
        Matcher total = TOTAL_LINE.matcher(text);
        if (!total.find()) return false;
        return TOTAL_DELTA.matcher(total.group()).find() || ANY_DELTA.matcher(text).region(total.start(), text.length()).find();
    }

    /** An amount or a percentage followed by its delta ("=1523451KB +2312KB", "=20KB -14", "=5.24% -1KB"), and a count with its ("#1162 +426"). */
    private static final Pattern AMOUNT_DELTA = Pattern.compile("(=\\s*\\d+(?:\\.\\d+)?(?:%|\\s*[KMG]?B)?)\\s+[+-]\\d+(?:\\.\\d+)?\\s*(?:[KMG]?B)?(?=[\\s,)]|$)");
    private static final Pattern COUNT_DELTA = Pattern.compile("(#\\d+)\\s+[+-]\\d+");
    /** summary.diff's sub-block heads, ": (  Metadata)", are "(  Metadata:   )" in a summary. */
    private static final Pattern SUB_BLOCK = Pattern.compile("(?m)^(\\s*): \\(");
    /** The Total's malloc line: "malloc=25917KB #9788" in a diff (JDK 21+), "malloc: 11204KB #7007" in a summary. */
    private static final Pattern TOTAL_MALLOC = Pattern.compile("(?m)^(\\s*)malloc=");
    /** detail.diff goes from the categories straight to the call sites, "[0x00007fb764948906] MallocSiteTable::new_entry...". */
    private static final Pattern FIRST_SITE = Pattern.compile("(?m)^\\[0x");

    /**
     * The summary a summary.diff also is: the same lines with each delta taken out, so that the current amounts
     * (what NMT counts now) read as {@code VM.native_memory summary} does, call sites of a detail.diff and a last
     * line torn by a paste left out.
     * A diff pasted alone still gives the ledger its NMT split.
     */
    public static String current(String text) {
        Matcher site = FIRST_SITE.matcher(text);
        String summary = site.find() ? text.substring(0, site.start()) : text;
        summary = summary.stripTrailing();
        int last = summary.lastIndexOf('\n');
        String tail = summary.substring(last + 1);
        boolean torn = tail.chars().filter(ch -> ch == '(').count() > tail.chars().filter(ch -> ch == ')').count()
                || tail.contains("reserved=") && !tail.contains("committed="); // torn, and closed again by the paste reader
        if (torn) {
            summary = summary.substring(0, last + 1); // a paste torn inside its last line: that category is unknown, not half read
        }
        String amounts = AMOUNT_DELTA.matcher(summary).replaceAll("$1");
        String counts = COUNT_DELTA.matcher(amounts).replaceAll("$1");
        return TOTAL_MALLOC.matcher(SUB_BLOCK.matcher(counts).replaceAll("$1(")).replaceAll("$1malloc: ");
    }

    public static NmtDiff parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        if (NmtSummaryParser.isDisabled(text)) {
            throw ParseException.switchedOff("NMT is not enabled in the target; start it with -XX:NativeMemoryTracking=summary");
        }
        if (text.contains("No baseline for comparison")) {
            throw new ParseException(0, "the target has no NMT baseline; run 'jcmd <pid> VM.native_memory baseline' first");
        }
        Bytes totalReserved = null, totalReservedDelta = null, totalCommitted = null, totalCommittedDelta = null;
        List<NmtDiff.Change> categories = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String s = lines.get(i).strip();
            if (s.isEmpty() || Text.isPidLine(s) || s.equals("Native Memory Tracking:")) continue;
            // detail.diff: the summary part ends where the allocation sites or the virtual memory map begin
            if (totalReserved != null && !categories.isEmpty() && (s.startsWith("Details:") || s.startsWith("[0x"))) break;
            if (s.startsWith("Total:")) {
                NmtLines.checkParens(s, no);
                totalReserved = NmtLines.required(s, "reserved=", no);
                totalReservedDelta = delta(s, "reserved=", no);
                totalCommitted = NmtLines.required(s, "committed=", no);
                totalCommittedDelta = delta(s, "committed=", no);
            } else if (totalReserved == null) {
                if (!s.startsWith("(Omitting")) throw new ParseException(no, "expected 'Total: reserved=...' but found '" + Text.shorten(s) + "'");
            } else if (s.startsWith("malloc") || s.startsWith("mmap:")) {
                NmtLines.checkParens(s, no); // the totals by kind, "malloc=..." (JDK 21+) or "malloc: ..." (summary form)
            } else if (s.startsWith("(") || s.startsWith(": (")) { // ": (  Metadata)" in JDK 17
                if (categories.isEmpty()) throw new ParseException(no, "detail line before any category: '" + Text.shorten(s) + "'");
                NmtLines.checkParens(s, no);
                Matcher count = COUNT.matcher(s);
                int last = categories.size() - 1;
                if (count.find() && categories.get(last).countDelta() == null) {
                    categories.set(last, categories.get(last).withCountDelta(Long.parseLong(count.group(1).replace("+", ""))));
                }
            } else if (s.contains("(reserved=")) {
                NmtLines.checkParens(s, no);
                boolean torn = !s.contains("committed="); // a paste cut there: the committed part is unknown
                categories.add(new NmtDiff.Change(NmtLines.categoryName(s, no), NmtLines.required(s, "reserved=", no), delta(s, "reserved=", no),
                        torn ? null : NmtLines.required(s, "committed=", no), torn ? null : delta(s, "committed=", no), null));
            } else {
                throw new ParseException(no, "not a line of " + WHAT + ": '" + Text.shorten(s) + "'");
            }
        }
        if (totalReserved == null) throw new ParseException(0, "no 'Total: reserved=..., committed=...' line; not " + WHAT);
        if (categories.isEmpty()) throw new ParseException(0, "no categories after the Total line; output truncated?");
        if (!isDiff(text)) {
            throw new ParseException(0, "no '+N'/'-N' deltas: a plain 'VM.native_memory summary', not summary.diff");
        }
        return new NmtDiff(totalReserved, totalReservedDelta, totalCommitted, totalCommittedDelta, List.copyOf(categories));
    }

    /** The signed change printed after the amount of {@code key}, zero when there is none. */
    private static Bytes delta(String s, String key, int no) {
        int at = s.indexOf(key) + key.length();
        while (at < s.length() && " ,)".indexOf(s.charAt(at)) < 0) at++; // past the amount
        if (at + 1 >= s.length() || s.charAt(at) != ' ' || "+-".indexOf(s.charAt(at + 1)) < 0) return Bytes.ZERO;
        String v = Text.after(s.substring(at), " ");
        if (v.isEmpty() || !Character.isLetter(v.charAt(v.length() - 1))) {
            throw new ParseException(no, "change of '" + key + "' without a unit: '" + Text.shorten(s) + "'");
        }
        return Text.amount(v, no, key.substring(0, key.length() - 1) + " change");
    }

}
