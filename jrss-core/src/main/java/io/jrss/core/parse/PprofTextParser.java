// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.UnfreedStacks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a heap profile's text report as jemalloc's {@code jeprof --text} and gperftools' {@code pprof --text} print it
 * (one perl script, jeprof.in's PrintText: a {@code Total: 5791.1 MB} line, then rows {@code "%8s %6s %6s %8s %6s %s"}:
 * flat, flat%, sum%, cum, cum%, symbol, in MB, or in B with {@code --show_bytes}). Go's pprof cannot read jemalloc's
 * profiles and is not read. A heap profile counts memory allocated and not yet freed; each row becomes a one-frame stack of its
 * flat bytes (what the function allocated itself) and its cum (what was allocated under it), so the report reads as
 * {@link UnfreedStacks}. An allocator without symbols gives its own frames the nearest exported name (Debian's
 * libjemalloc: every flat byte at {@code malloc_usable_size}); the cum column still names the callers. Profiles of
 * objects, samples or seconds are not bytes and are refused.
 */
public final class PprofTextParser {
    /** jeprof.in's PrintText: "Total: %s %s" with Units(): MB, B, objects, samples or seconds. */
    public static final Pattern PERL_TOTAL = Pattern.compile("^Total(?: \\w+)?: (\\d{1,15}(?:\\.\\d)?) (MB|B|objects|samples|seconds)$");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d{1,15}(?:\\.\\d)?)\\s+[\\d.]+%\\s+[\\d.]+%\\s+(\\d{1,15}(?:\\.\\d)?)\\s+[\\d.]+%\\s+(\\S.*)$");

    private PprofTextParser() {}

    /** True when {@code line} is a pprof row (flat, flat%, sum%, cum, cum%, symbol). */
    public static boolean isRow(String line) { return ROW.matcher(line).matches(); }

    /** True when the text's first meaningful line is a pprof report's heading. */
    public static boolean isReport(String text) {
        for (String l : Text.lines(text, "pprof report")) {
            String s = l.strip();
            if (s.isEmpty() || s.startsWith("#") || s.startsWith("$") || s.startsWith("Using local file") || s.startsWith("Using remote")) continue;
            return PERL_TOTAL.matcher(s).matches();
        }
        return false;
    }

    public static UnfreedStacks parse(String text) {
        String perlUnit = null;
        List<UnfreedStacks.Stack> out = new ArrayList<>();
        Map<String, Bytes> cum = new LinkedHashMap<>();
        List<String> lines = Text.lines(text, "pprof report");
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            Matcher t = PERL_TOTAL.matcher(s);
            if (t.matches()) {
                perlUnit = t.group(2);
                if (!perlUnit.endsWith("B")) throw new ParseException(i + 1, "a profile of " + perlUnit + ", not of bytes: run jeprof (or pprof) on a heap profile without --inuse_objects");
                continue;
            }
            Matcher m = ROW.matcher(lines.get(i));
            if (!m.matches()) continue;
            if (perlUnit == null) throw new ParseException(i + 1, "a pprof row before the 'Total: N MB' line that gives its unit");
            String function = CollapsedStacksParser.frame(m.group(3).strip());
            out.add(new UnfreedStacks.Stack(List.of(function), bytes(m.group(1), perlUnit)));
            cum.merge(function, bytes(m.group(2), perlUnit), Bytes::max); // "?? ??:0" may repeat
        }
        if (out.isEmpty()) throw new ParseException(1, "no pprof row (flat flat% sum% cum cum% symbol); not a pprof text report");
        return new UnfreedStacks(null, out, cum);
    }

    /** "2830.6" in MB (jeprof's Unparse: the bytes over 1048576.0, "%.1f"), "512" in B. */
    static Bytes bytes(String number, String unit) {
        return Bytes.of(Math.round(Double.parseDouble(number) * (unit.equals("MB") ? 1L << 20 : 1)));
    }
}
