// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.ClassHistogram;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code jmap -histo} and {@code jcmd <pid> GC.class_histogram} (JDK 8 to 25): {@code " 1:  47705  21829224  [B
 * (java.base@17.0.15)"} rows under {@code num #instances #bytes class name}, and a {@code Total} line. Every header
 * starts a histogram: several pasted in order are several times. A histogram cut before its Total is summed from its rows.
 */
public final class ClassHistogramParser {
    private static final Pattern ROW = Pattern.compile("^\\d{1,9}:\\s+(\\d{1,15})\\s+(\\d{1,15})\\s+(\\S+)(?:\\s+\\(.*\\))?\\s*$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d{1,15})\\s+(\\d{1,15})\\s*$");

    private ClassHistogramParser() {}

    public static List<ClassHistogram> parse(String text) {
        List<String> lines = Text.lines(text, "a class histogram");
        List<ClassHistogram> out = new ArrayList<>();
        List<ClassHistogram.Entry> rows = null;
        long[] total = null;
        for (String raw : lines) {
            String l = raw.strip();
            if (l.matches("num\\s+#instances\\s+#bytes\\s+class name.*")) {
                if (rows != null && !rows.isEmpty()) out.add(histogram(rows, total));
                rows = new ArrayList<>();
                total = null;
                continue;
            }
            if (rows == null) continue;
            Matcher m = ROW.matcher(l);
            if (m.matches()) rows.add(new ClassHistogram.Entry(m.group(3), Long.parseLong(m.group(1)), Bytes.of(Long.parseLong(m.group(2)))));
            Matcher t = TOTAL.matcher(l);
            if (t.matches()) total = new long[] {Long.parseLong(t.group(1)), Long.parseLong(t.group(2))};
        }
        if (rows != null && !rows.isEmpty()) out.add(histogram(rows, total));
        if (out.isEmpty()) throw new ParseException(1, "no class histogram rows (' 1:  <instances>  <bytes>  <class>' under 'num #instances #bytes class name')");
        return List.copyOf(out);
    }

    private static ClassHistogram histogram(List<ClassHistogram.Entry> rows, long[] total) {
        long instances = total != null ? total[0] : rows.stream().mapToLong(ClassHistogram.Entry::instances).sum();
        long bytes = total != null ? total[1] : rows.stream().mapToLong(e -> e.bytes().value()).reduce(0, Math::addExact);
        return new ClassHistogram(List.copyOf(rows), instances, Bytes.of(bytes));
    }
}
