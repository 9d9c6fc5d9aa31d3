// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.model.Bytes;
import io.jrss.core.rules.Evidence;
import io.jrss.core.trend.Growth;
import io.jrss.core.trend.Trend;
import java.time.Duration;

/**
 * A trend as evidence: the slope per hour with its 95% interval (MiB for memory, units for counts), the shape,
 * the growth over the watch, and the time left to the limit. Keys start with the signal's name.
 */
final class TrendEvidence {
    private static final double MIB = 1024.0 * 1024;

    private TrendEvidence() {}

    static Evidence.Builder add(Evidence.Builder e, String key, Growth g, boolean bytes) {
        Trend t = g.whole();
        double scale = bytes ? MIB : 1;
        String unit = bytes ? "_mib_per_hour" : "_per_hour";
        e.value(key + "_slope" + unit, round(t.slope().perHour() / scale));
        e.value(key + "_slope_95" + unit, "[" + round(t.slope().low() * 3600 / scale) + ", " + round(t.slope().high() * 3600 / scale) + "]");
        e.value(key + "_shape", t.shape().name());
        if (bytes) {
            e.bytes(key + "_growth", Bytes.of(Math.round(g.delta())));
            e.bytes(key + "_now", Bytes.of(Math.round(t.last())));
        } else {
            e.value(key + "_growth", Math.round(g.delta()));
            e.value(key + "_now", Math.round(t.last()));
        }
        e.value(key + "_samples", t.samples());
        e.value("span_seconds", t.span().toSeconds());
        if (t.timeToLimit() != null) {
            e.value(key + "_time_to_limit", human(t.timeToLimit()));
            e.value(key + "_time_to_limit_seconds", t.timeToLimit().toSeconds());
        }
        return e;
    }

    static double round(double v) {
        if (Double.isInfinite(v) || Double.isNaN(v)) return v;
        return Math.round(v * 10) / 10.0;
    }

    static String human(Duration d) { return io.jrss.core.model.Durations.human(d); }

    /** "+12.3 MiB/h" or "+50 /h". */
    static String rate(Growth g, boolean bytes) {
        double v = g.whole().slope().perHour() / (bytes ? MIB : 1);
        return (v >= 0 ? "+" : "") + (bytes ? round(v) + " MiB/h" : Math.round(v) + "/h");
    }
}
