// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

/** ANSI styling that turns itself off when the output is not a terminal (the CLI decides). */
public final class Style {
    private final boolean color;

    public Style(boolean color) { this.color = color; }

    public String bold(String s) { return wrap("1", s); }
    public String dim(String s) { return wrap("2", s); }
    public String red(String s) { return wrap("31", s); }
    public String yellow(String s) { return wrap("33", s); }
    public String cyan(String s) { return wrap("36", s); }
    public String green(String s) { return wrap("32", s); }

    private String wrap(String code, String s) { return color ? "\u001b[" + code + "m" + s + "\u001b[0m" : s; }

    /** A bar of {@code width} cells, filled in proportion to {@code ratio}, with eighth-cell resolution. */
    public static String bar(double ratio, int width) {
        double cells = Math.max(0, Math.min(1, ratio)) * width;
        int full = (int) cells;
        int eighths = (int) Math.round((cells - full) * 8);
        if (eighths == 8) { full++; eighths = 0; }
        StringBuilder b = new StringBuilder("\u2588".repeat(full));
        if (eighths > 0 && full < width) b.append((char) (0x2590 - eighths));
        return b.toString();
    }
}
