// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.HeapInfo.SpaceUsage;
import io.jrss.core.model.Metaspace;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.Locale;

/**
 * Reads {@code VM.metaspace} (JDK 17 and 25): reserved and committed from the "Virtual space:" section, used from
 * the "Total Usage" section. Amounts are printed rounded ("99.34 KB"), so bytes are exact only to that precision.
 * With {@code -XX:-UseCompressedClassPointers} both sections have a single unlabeled line; then
 * {@code classSpace} is null and {@code nonClass} equals {@code both}.
 */
public final class MetaspaceParser {
    private static final String WHAT = "VM.metaspace output";
    private static final java.util.regex.Pattern COUNTS = java.util.regex.Pattern.compile("Total Usage - (\\d{1,12}) loaders, (\\d{1,12}) classes");

    private MetaspaceParser() {}

    public static Metaspace parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        Bytes[] used = new Bytes[3], reserved = new Bytes[3], committed = new Bytes[3]; // non-class, class, both
        String section = "";
        long[] counts = {-1, -1};
        boolean single = false;
        for (int i = 0; i < lines.size(); i++) {
            int no = i + 1;
            String line = lines.get(i);
            if (line.isBlank() || Text.isPidLine(line)) continue;
            if (!Character.isWhitespace(line.charAt(0))) { // a section header starts at column 0
                section = line.startsWith("Total Usage") ? "usage" : line.startsWith("Virtual space:") ? "virtual" : "";
                Matcher c = COUNTS.matcher(line);
                if (section.equals("usage") && c.find()) { counts[0] = Long.parseLong(c.group(1)); counts[1] = Long.parseLong(c.group(2)); }
                continue;
            }
            if (section.isEmpty()) continue;
            String s = line.strip();
            int slot = slot(s);
            if (slot < 0) { // no label: compressed class space off
                single = true;
                slot = 2;
            }
            if (section.equals("usage")) {
                used[slot] = amountBefore(s, " used", no);
            } else {
                reserved[slot] = amountBefore(s, " reserved", no);
                committed[slot] = amountBefore(s, " committed", no);
            }
        }
        if (reserved[2] == null || committed[2] == null) {
            throw new ParseException(0, "no 'Virtual space:' totals; not " + WHAT + " or truncated");
        }
        if (used[2] == null) throw new ParseException(0, "no 'Total Usage' section; not " + WHAT + " or truncated");
        SpaceUsage both = new SpaceUsage(used[2], committed[2], reserved[2]);
        if (single) return new Metaspace(both, null, both, counts[0], counts[1]);
        for (int k = 0; k < 2; k++) {
            if (used[k] == null || reserved[k] == null) throw new ParseException(0, "missing Non-class or Class space line; truncated?");
        }
        return new Metaspace(new SpaceUsage(used[0], committed[0], reserved[0]),
                new SpaceUsage(used[1], committed[1], reserved[1]), both, counts[0], counts[1]);
    }

    /** "Non-Class:"/"Non-class space:" 0, "Class:"/"Class space:" 1, "Both:" 2, unlabeled -1. */
    private static int slot(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        if (l.startsWith("non-class")) return 0;
        if (l.startsWith("class")) return 1;
        if (l.startsWith("both:")) return 2;
        return -1;
    }

    /** The "N.NN UNIT" amount right before {@code word}, e.g. "192.00 KB ( <1%) committed". */
    private static Bytes amountBefore(String s, String word, int no) {
        int w = s.indexOf(word);
        if (w < 0) throw new ParseException(no, "missing '" + word.strip() + "' in '" + Text.shorten(s) + "'");
        String head = s.substring(0, w).strip();
        if (head.endsWith(")") && head.lastIndexOf('(') >= 0) head = head.substring(0, head.lastIndexOf('(')).strip(); // drop "( 3%)"
        String[] t = head.split("[\\s,:]+");
        if (t.length < 2) throw new ParseException(no, "no amount before '" + word.strip() + "'");
        return bytes(t[t.length - 2], t[t.length - 1], no);
    }

    static Bytes bytes(String number, String unit, int no) {
        long mult = switch (unit) {
            case "bytes" -> 1L;
            case "KB" -> 1L << 10;
            case "MB" -> 1L << 20;
            case "GB" -> 1L << 30;
            case "TB" -> 1L << 40;
            default -> throw new ParseException(no, "unknown unit '" + Text.shorten(unit) + "'");
        };
        try {
            return Bytes.of(new BigDecimal(number).multiply(BigDecimal.valueOf(mult)).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ParseException(no, "'" + Text.shorten(number) + "' is not a number");
        }
    }
}
