// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.JvmMemoryPools;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Arthas' {@code memory} table and the Memory part of its {@code dashboard} (Arthas 3 and 4): {@code name used total
 * max usage}, sizes with K, M or G (binary), -1 or - for no max. The dashboard's GC columns on the right are ignored,
 * and so are the lines a narrow terminal wrapped ("0%"). The table ends at the dashboard's Runtime part. The last
 * table of several is read.
 */
public final class ArthasMemoryParser {
    private static final String SIZE = "(\\d{1,12}[KMGT]?|-1|-)";
    private static final Pattern ROW = Pattern.compile("^(\\S+(?: - '[^']*')?)\\s+" + SIZE + "\\s+" + SIZE + "\\s+" + SIZE + "(\\s.*)?$");

    private ArthasMemoryParser() {}

    public static JvmMemoryPools parse(String text) {
        List<String> lines = Text.lines(text, "Arthas memory or dashboard output");
        List<JvmMemoryPools.Pool> pools = null, last = null;
        for (String raw : lines) {
            String l = raw.strip();
            if (l.matches("Memory\\s+used\\s+total\\s+max.*")) {
                if (pools != null && !pools.isEmpty()) last = pools;
                pools = new ArrayList<>();
                continue;
            }
            if (pools == null) continue;
            if (l.equals("Runtime") || l.startsWith("ID ")) { if (!pools.isEmpty()) last = pools; pools = null; continue; }
            Matcher m = ROW.matcher(l);
            if (!m.matches() || m.group(2).equals("-") || m.group(2).equals("-1")) continue;
            pools.add(new JvmMemoryPools.Pool(m.group(1), size(m.group(2)), size(m.group(3)), size(m.group(4))));
        }
        if (pools != null && !pools.isEmpty()) last = pools;
        if (last == null) throw new ParseException(1, "no Arthas memory rows (name used total max usage) under 'Memory used total max usage'");
        return new JvmMemoryPools(List.copyOf(last));
    }

    private static Bytes size(String s) {
        if (s.equals("-") || s.equals("-1")) return null;
        return s.matches("\\d+") ? Bytes.of(Long.parseLong(s)) : Sizes.binary(s);
    }
}
