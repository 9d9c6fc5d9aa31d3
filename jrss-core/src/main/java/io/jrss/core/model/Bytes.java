// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.Locale;

/**
 * An amount of memory. The one place that knows NMT's {@code KB}/{@code MB}/{@code GB} scales,
 * the kernel's {@code kB} and glibc's plain bytes, and the one formatter for MiB and GiB.
 * Immutable; negative amounts are allowed (deltas, e.g. {@code summary.diff}).
 */
public record Bytes(long value) implements Comparable<Bytes> {
    public static final Bytes ZERO = new Bytes(0);
    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    public static Bytes of(long bytes) { return bytes == 0 ? ZERO : new Bytes(bytes); }
    public static Bytes ofKiB(long kib) { return of(Math.multiplyExact(kib, KIB)); }
    public static Bytes ofMiB(long mib) { return of(Math.multiplyExact(mib, MIB)); }
    public static Bytes ofGiB(long gib) { return of(Math.multiplyExact(gib, GIB)); }

    /** Parses NMT amounts such as {@code 1024KB}, {@code 12MB}, {@code 3GB}, {@code 17B}, {@code +256KB}. */
    public static Bytes parseNmt(String text) {
        String t = text.strip().replace(",", "");
        int i = t.length();
        while (i > 0 && Character.isLetter(t.charAt(i - 1))) i--;
        long n = Long.parseLong(t.substring(0, i).replace("+", ""));
        return switch (t.substring(i).toUpperCase(Locale.ROOT)) {
            case "", "B" -> of(n);
            case "K", "KB" -> ofKiB(n);
            case "M", "MB" -> ofMiB(n);
            case "G", "GB" -> ofGiB(n);
            default -> throw new NumberFormatException("unknown unit in '" + text + "'");
        };
    }

    public Bytes plus(Bytes other) { return of(Math.addExact(value, other.value)); }
    public Bytes minus(Bytes other) { return of(Math.subtractExact(value, other.value)); }
    public Bytes times(double factor) { return of(Math.round(value * factor)); }
    public Bytes min(Bytes other) { return value <= other.value ? this : other; }
    public Bytes max(Bytes other) { return value >= other.value ? this : other; }
    public Bytes atLeastZero() { return value < 0 ? ZERO : this; }
    public boolean isZero() { return value == 0; }
    public boolean isPositive() { return value > 0; }
    public boolean greaterThan(Bytes other) { return value > other.value; }
    public double mib() { return value / (double) MIB; }
    public double ratioOf(Bytes whole) { return whole.value == 0 ? 0 : value / (double) whole.value; }

    /** Human form with binary units: {@code 512 KiB}, {@code 1.5 MiB}, {@code 2.25 GiB}. */
    public String toIec() {
        long a = Math.abs(value);
        String sign = value < 0 ? "-" : "";
        if (a < KIB) return sign + a + " B";
        if (a < MIB) return sign + trim(a / (double) KIB) + " KiB";
        if (a < GIB) return sign + trim(a / (double) MIB) + " MiB";
        return sign + trim(a / (double) GIB) + " GiB";
    }

    /** As {@link #toIec()}, with a sign always: {@code +1.5 MiB}, {@code -2 MiB}, {@code +0 B}. For changes. */
    public String toSignedIec() { return (value >= 0 ? "+" : "") + toIec(); }

    private static String trim(double v) {
        String s = v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    @Override public int compareTo(Bytes o) { return Long.compare(value, o.value); }
    @Override public String toString() { return toIec(); }
}
