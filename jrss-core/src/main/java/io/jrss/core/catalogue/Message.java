// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.catalogue;

import io.jrss.core.model.Bytes;
import java.util.Map;

/**
 * A catalogue entry found in a text: the entry, the values its pattern carries (by group name), the line (1-based,
 * in the unwrapped text) and the text matched.
 */
public record Message(Entry entry, Map<String, String> values, int line, String matched) {
    public String id() { return entry.id(); }

    public Event event() { return entry.event(); }

    public String value(String name) { return values.get(name); }

    /**
     * A value as an amount, by its group's unit suffix ({@code requestedBytes}, {@code anonRssK}, {@code heapM}, {@code xmxG},
     * {@code rssPages}); null when the pattern has no such group, it did not match, or the number is damaged.
     */
    public Bytes bytes(String name) {
        String v = values.get(name);
        if (v == null) return null;
        String digits = v.replace(",", "").strip();
        if (!digits.matches("\\d{1,18}")) return null;
        long n = Long.parseLong(digits);
        try {
            if (name.endsWith("Bytes")) return Bytes.of(n);
            if (name.endsWith("K")) return Bytes.ofKiB(n);
            if (name.endsWith("M")) return Bytes.ofMiB(n);
            if (name.endsWith("G")) return Bytes.ofGiB(n);
            if (name.endsWith("Pages")) return Bytes.ofKiB(Math.multiplyExact(n, 4));
        } catch (ArithmeticException overflow) {
            return null;
        }
        return null;
    }

    public Long number(String name) {
        String v = values.get(name);
        return v != null && v.matches("\\d{1,18}") ? Long.parseLong(v) : null;
    }
}
