// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules.timeline;

import io.jrss.core.ledger.Row;
import io.jrss.core.model.Bytes;
import io.jrss.core.timeline.Sample;
import io.jrss.core.timeline.Signals;
import io.jrss.core.timeline.Timeline;

/**
 * How much RSS may grow only because the JVM touches memory it had already committed (docs/pitfalls.md 7: G1
 * touching its committed heap grows RSS by half a minute while NMT stays flat). Measured at the first full sample,
 * where smaps says how much of the committed heap is resident, plus whatever the heap committed since.
 */
final class FirstTouch {
    private FirstTouch() {}

    /** The heap committed but not resident at the first full sample, plus the heap committed since; null when unknown. */
    static Bytes room(Timeline t) {
        Sample first = t.samples().stream().filter(Sample::full).findFirst().orElse(null);
        if (first == null) return null;
        Bytes committed = first.bytes(Signals.HEAP_COMMITTED);
        Long resident = first.row(Row.JAVA_HEAP);
        if (committed == null || resident == null) return null;
        Bytes later = t.samples().stream().map(s -> s.bytes(Signals.HEAP_COMMITTED)).filter(b -> b != null).reduce(committed, Bytes::max);
        return committed.minus(Bytes.of(resident)).max(Bytes.ZERO).plus(later.minus(committed).max(Bytes.ZERO));
    }
}
