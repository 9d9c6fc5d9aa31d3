// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

/** The one-line files of the host: the online CPUs, the load average, the transparent huge pages mode. */
public final class HostFileParser {
    private HostFileParser() {}

    /** /sys/devices/system/cpu/online: "0-1,4,6-7" → 5. */
    public static int cpuCount(String online) {
        int n = 0;
        for (String part : online.strip().split(",")) {
            if (!part.matches("\\d{1,6}(-\\d{1,6})?")) throw new ParseException(1, "not a CPU list: '" + Text.shorten(online.strip()) + "'");
            String[] r = part.split("-");
            n += r.length == 2 ? Integer.parseInt(r[1]) - Integer.parseInt(r[0]) + 1 : 1;
        }
        return n;
    }

    /** The 1-minute load average, the first field of /proc/loadavg. */
    public static double loadAverage(String text) {
        String first = text.strip().split("\\s+")[0];
        if (!first.matches("\\d{1,9}(\\.\\d+)?")) throw new ParseException(1, "not a load average: '" + Text.shorten(first) + "'");
        return Double.parseDouble(first);
    }

    /** /sys/kernel/mm/transparent_hugepage/enabled: "always [madvise] never" → "madvise". */
    public static String bracketed(String text) {
        int a = text.indexOf('['), b = text.indexOf(']');
        if (a < 0 || b < a) throw new ParseException(1, "no [selected] mode in '" + Text.shorten(text.strip()) + "'");
        return text.substring(a + 1, b);
    }
}
