// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.timeline;

import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;
import java.time.Instant;
import java.util.Optional;

/**
 * The highest RSS any sample of a watch saw, cheap or full: the ledger at peak comes from the full sample with the
 * highest RSS, and this says how close that full sample came to the real peak.
 */
record HighestRss(long bytes, Instant at, boolean full) {
    static Optional<HighestRss> of(Timeline t) {
        Sample best = null;
        for (Sample s : t.samples()) {
            Double rss = s.signal(Signals.RSS);
            if (rss != null && (best == null || rss > best.signal(Signals.RSS))) best = s;
        }
        return best == null ? Optional.empty() : Optional.of(new HighestRss(best.signal(Signals.RSS).longValue(), best.time(), best.full()));
    }
}
