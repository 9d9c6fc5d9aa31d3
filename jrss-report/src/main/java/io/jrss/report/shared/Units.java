// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.shared;

import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Signals;
import java.time.Duration;
import java.util.Locale;

/** How a signal's value, change and rate read for people: MiB/GiB for memory, plain numbers for counts. */
public final class Units {
    private Units() {}

    public static String value(String signal, double v) {
        return Signals.isBytes(signal) ? Bytes.of(Math.round(v)).toIec() : Long.toString(Math.round(v));
    }

    public static String change(String signal, double d) {
        return (d >= 0 ? "+" : "") + value(signal, d);
    }

    public static String perHour(String signal, double perSecond) {
        if (!Double.isFinite(perSecond)) return "?";
        double h = perSecond * 3600;
        return Signals.isBytes(signal) ? (h >= 0 ? "+" : "") + Bytes.of(Math.round(h)).toIec() : String.format(Locale.ROOT, "%+.0f", h);
    }

    public static String duration(Duration d) { return io.jrss.core.model.Durations.human(d); }

    /** Bytes in IEC units, "-" for none (an arm never measured). */
    public static String iec(io.jrss.core.model.Bytes b) { return b == null ? "-" : b.toIec(); }

    /** A ledger row's or signal's value in a diff: IEC units for memory, a whole number for counts, "-" for a side without it. */
    public static String amount(io.jrss.core.diff.Change c, Double v) {
        if (v == null) return "-";
        return c.bytes() ? Bytes.of(Math.round(v)).toIec() : Long.toString(Math.round(v));
    }

    /** A change in a diff, signed: "+32 MiB", "-3". */
    public static String signedAmount(io.jrss.core.diff.Change c, double v) { return (v >= 0 ? "+" : "") + amount(c, v); }

    /** Seconds to a tenth, "-" for none (a CPU time that could not be read). */
    public static String seconds(Double s) { return s == null ? "-" : String.format(java.util.Locale.ROOT, "%.1f s", s); }

    /** A sparkline of the last {@code width} values: ▁ is the lowest, █ the highest. */
    public static String spark(java.util.List<Double> values, int width) {
        String bars = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
        int from = Math.max(0, values.size() - width);
        double min = Double.MAX_VALUE, max = -Double.MAX_VALUE;
        for (int i = from; i < values.size(); i++) { min = Math.min(min, values.get(i)); max = Math.max(max, values.get(i)); }
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < values.size(); i++) {
            int k = max - min < 1e-9 ? 0 : (int) Math.round((values.get(i) - min) / (max - min) * 7);
            sb.append(bars.charAt(k));
        }
        return sb.toString();
    }
}
