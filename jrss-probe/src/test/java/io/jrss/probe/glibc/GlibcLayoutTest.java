// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * malloc_state's offsets on x86-64 against the struct of each release (malloc/malloc.c): sizeof is 2184 bytes in
 * 2.17-2.22, 2192 in 2.23-2.26 (attached_threads), 2200 from 2.27 (have_fastchunks); worked out by hand from the
 * fields: 4 + 4 [+ 4 + 4] + 10 x 8 + 8 + 8 + 254 x 8 + 4 x 4 + 8 + 8 [+ 8] + 8 + 8.
 */
class GlibcLayoutTest {
    @Test void sizesFollowTheReleases() {
        assertEquals(2184, GlibcLayout.of(2, 17).size());
        assertEquals(2184, GlibcLayout.of(2, 22).size());
        assertEquals(2192, GlibcLayout.of(2, 23).size());
        assertEquals(2192, GlibcLayout.of(2, 26).size());
        assertEquals(2200, GlibcLayout.of(2, 27).size());
        assertEquals(2200, GlibcLayout.of(2, 41).size());
    }

    @Test void fieldsMoveWithHaveFastchunks() {
        GlibcLayout old = GlibcLayout.of(2, 26), now = GlibcLayout.of(2, 36);
        assertEquals(8, old.fastbins());
        assertEquals(88, old.top());
        assertEquals(104, old.bins());
        assertEquals(2152, old.next());
        assertEquals(16, now.fastbins());
        assertEquals(96, now.top());
        assertEquals(112, now.bins());
        assertEquals(2160, now.next());
        assertEquals(2184, now.systemMem());
    }

    @Test void anEmptyBinPointsAtItsOwnPair() {
        GlibcLayout l = GlibcLayout.of(2, 36);
        long arena = 0x7f0000001000L;
        // bin 1 (unsorted) is bins[0..1] read as the fd and bk of a chunk 16 bytes before them
        assertEquals(arena + 112 - 16, l.binAt(arena, 1));
        assertEquals(arena + 112 + 16 * 126 - 16, l.binAt(arena, 127));
    }

    @Test void safeLinkingFrom232() {
        assertFalse(GlibcLayout.of(2, 31).safeLinking());
        assertTrue(GlibcLayout.of(2, 32).safeLinking());
        long at = 0x55550000a010L, next = 0x55550000b000L;
        long stored = (at >>> 12) ^ next;
        assertEquals(next, GlibcLayout.of(2, 36).reveal(at, stored));
        assertEquals(stored, GlibcLayout.of(2, 31).reveal(at, stored));
    }

    @Test void releasesBefore217AreNotRead() {
        assertFalse(GlibcLayout.of(2, 12).supported());
        assertTrue(GlibcLayout.of(2, 17).supported());
    }
}
