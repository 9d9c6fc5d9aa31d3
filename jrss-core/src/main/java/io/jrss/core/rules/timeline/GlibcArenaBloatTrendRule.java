// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.timeline.Signals;

/** glibc-arena-bloat over time: the snapshot verdict with the trend of busy arenas across the full samples. */
public final class GlibcArenaBloatTrendRule extends CarriedForwardRule {
    public GlibcArenaBloatTrendRule() { super("glibc-arena-bloat", Signals.BUSY_ARENAS, "busy_arenas", false); }
}
