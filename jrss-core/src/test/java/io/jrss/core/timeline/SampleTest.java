// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jrss.core.model.Bytes;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleTest {
    private final Sample s = new Sample(Instant.EPOCH, false, Map.of(Signals.RSS.name(), 3.0 * (1 << 20), Signals.THREADS.name(), 42.0), Map.of());

    @Test void bytesStayBytesAndCountsStayCounts() {
        assertEquals(Bytes.ofMiB(3), s.bytes(Signals.RSS));
        assertEquals(42L, s.count(Signals.THREADS));
        assertNull(s.bytes(Signals.SWAP), "a missing reading is null, never zero");
        assertNull(s.count(Signals.LOADED_CLASSES));
    }

    @Test void anOutstandingFigureWithoutRetainedIsNotGlibcInUse() {
        // JDK 11.0.13 printed 3467K outstanding for a JVM with 60 MiB of mmapped direct buffers: arena bytes only
        var old = Signals.of(new io.jrss.core.SnapshotBuilder().glibcOutstandingOnly(3467L << 10).build(), null);
        assertNull(old.get(Signals.GLIBC_IN_USE.name()));
        assertNull(old.get(Signals.NATIVE_UNTRACKED.name()));
        var now = Signals.of(new io.jrss.core.SnapshotBuilder().glibc(64L << 20, 8L << 20).build(), null);
        assertEquals(64.0 * (1 << 20), now.get(Signals.GLIBC_IN_USE.name()));
    }

    /** Asking a count for bytes no longer compiles; what is left to check is that every signal's type says its unit. */
    @Test void everySignalsTypeSaysItsUnit() {
        for (Signal g : Signals.ALL) {
            assertEquals(g instanceof Signal.Memory, g.unit() == Signal.Unit.bytes, g.name());
            assertEquals(g.unit() == Signal.Unit.bytes, Signals.isBytes(g.name()), g.name());
        }
        assertThrows(IllegalArgumentException.class, () -> new Signal.Count("rss", Signal.Unit.bytes));
    }
}
