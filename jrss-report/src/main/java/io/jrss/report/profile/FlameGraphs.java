// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

/** async-profiler's own flame graph page of a nativemem JFR, drawn by its converter (jfr-converter), as jfrconv does. */
public final class FlameGraphs {
    private FlameGraphs() {}

    /** The unfreed allocations by stack, in bytes: {@code jfrconv --nativemem --leak --total}. */
    public static String leaks(Path jfr, String title) throws IOException {
        FlameGraph fg = JfrToFlame.parse(jfr.toString(), new Arguments("--nativemem", "--leak", "--total", "--title", title));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        fg.dump(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
