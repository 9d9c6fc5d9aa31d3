// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.time.Duration;

/** Durations as people read them: "3d 4h", "2h 14m", "5m 10s", "42s". */
public final class Durations {
    private Durations() {}

    public static String human(Duration d) {
        long s = d.toSeconds();
        if (s >= 86_400) return s / 86_400 + "d " + s % 86_400 / 3600 + "h";
        if (s >= 3600) return s / 3600 + "h " + s % 3600 / 60 + "m";
        if (s >= 60) return s / 60 + "m " + s % 60 + "s";
        return s + "s";
    }
}
