// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.MappingHead;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads jrss's own {@code proc/mapping_heads}: one line per address read, {@code <address> <w0> <w1> <w2> <w3>} in
 * hex, as the probe read them from /proc/pid/mem. Lines starting with '#' are comments.
 */
public final class MappingHeadsParser {
    public static List<MappingHead> parse(String text) {
        List<MappingHead> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.isEmpty() || l.startsWith("#")) continue;
            String[] f = l.split("\\s+");
            if (f.length != 5) throw new ParseException(i + 1, "expected an address and 4 hex words, found " + f.length + " fields");
            try {
                out.add(new MappingHead(hex(f[0]), hex(f[1]), hex(f[2]), hex(f[3]), hex(f[4])));
            } catch (NumberFormatException e) {
                throw new ParseException(i + 1, "not a hex number: " + l);
            }
        }
        return out;
    }

    private static long hex(String s) { return Long.parseUnsignedLong(s.startsWith("0x") ? s.substring(2) : s, 16); }

    private MappingHeadsParser() {}
}
