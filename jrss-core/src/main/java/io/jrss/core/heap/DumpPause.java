// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.heap;

import java.util.Locale;

/** How long a heap dump paused its target, as the texts jrss writes from a dump say it (and their parsers read it back). */
final class DumpPause {
    private DumpPause() {}

    /** " (GC.heap_dump -all paused the target 0.32 s)". */
    static String of(double seconds) { return " (GC.heap_dump -all paused the target " + String.format(Locale.ROOT, "%.2f", seconds) + " s)"; }
}
