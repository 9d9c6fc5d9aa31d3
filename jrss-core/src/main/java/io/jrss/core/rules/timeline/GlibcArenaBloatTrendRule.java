// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Findings;
import io.jrss.core.timeline.Signals;

/** glibc-arena-bloat over time: the snapshot verdict with the trend of busy arenas across the full samples. */
public final class GlibcArenaBloatTrendRule extends CarriedForwardRule {
    public GlibcArenaBloatTrendRule() { super(Findings.GLIBC_ARENA_BLOAT.id(), Signals.BUSY_ARENAS.name(), "busy_arenas", false); }
}
