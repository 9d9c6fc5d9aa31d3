// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.rules.Findings;
import io.jrss.core.rules.RuleResult;

/**
 * direct-buffer-cache over time: the snapshot's verdict, unless the watch shows the blocks came without threads. A
 * pool taking 4 MiB chunks looks, between 64 MiB and twice the threads' count of chunks, just like threads' cached
 * buffers (a few large blocks, no more than two per thread); the temporary buffer cache grows only as threads start
 * doing I/O ({@link CacheOrNot}), so a pool's or a leak's chunks are told apart by the watch, and direct-buffer-leak
 * judges them. The full samples that raised it before the blocks outgrew the threads leave no episode either.
 */
public final class DirectBufferCacheTrendRule implements TimelineRule {
    @Override public String id() { return Findings.DIRECT_BUFFER_CACHE.id(); }

    @Override public RuleResult evaluate(TimelineFacts f) {
        var snapshot = f.snapshotFinding(id());
        if (snapshot.isEmpty()) return RuleResult.quiet();
        // quiet, not "not evaluated": that would keep the snapshot's verdict, which the watch has just disproved
        if (disproves(f)) return RuleResult.quiet();
        return RuleResult.fired(snapshot.get());
    }

    @Override public boolean disproves(TimelineFacts f) { return CacheOrNot.blocksOutgrowThreads(f.timeline()); }
}
