// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Mapping;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread stacks by their shape in smaps: a read-write anonymous mapping right above a small reserved guard (HotSpot's
 * red and yellow zones or glibc's guard page), as the ledger finds them. A stack is touched only as deep as the
 * thread calls, so one resident in full is rare: pre-touched on purpose (-XX:+AlwaysPreTouchStacks) or backed by
 * transparent huge pages (JDK-8303215, JDK-8312182: with THP 'always' a 2 MiB-aligned stack becomes one huge page).
 */
public final class ThreadStacks {
    private ThreadStacks() {}

    /** Stacks of at least {@code minSize} whose every page but a few is resident. */
    public static List<Mapping> fullyResident(List<Mapping> maps, long minSize) {
        List<Mapping> out = new ArrayList<>();
        for (int i = 1; i < maps.size(); i++) {
            Mapping m = maps.get(i), guard = maps.get(i - 1);
            boolean stack = m.isAnonymous() && !m.isShared() && m.perms().startsWith("rw") && guard.end() == m.start() && guard.isAnonymous()
                    && guard.isReservedOnly() && guard.size() <= 32 << 10 && m.size() <= 64L << 20;
            if (stack && m.size() >= minSize && m.rss().value() >= 0.95 * m.size()) out.add(m);
        }
        return out;
    }
}
