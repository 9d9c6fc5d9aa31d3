// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.CodeCache;
import io.jrss.core.model.CodeHeap;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodeCacheParserTest {
    @Test
    void jdk17Segmented() {
        CodeCache c = CodeCacheParser.parse(read("codecache/jdk17-segmented.txt"));
        assertTrue(c.compilationEnabled());
        assertEquals(0, c.fullCount(), "full_count=0: never full");
        assertEquals(3, c.heaps().size());
        CodeHeap h = c.heaps().get(0);
        assertEquals("non-profiled nmethods", h.name());
        assertEquals(Bytes.ofKiB(120036), h.size());
        assertEquals(Bytes.ofKiB(18), h.used());
        assertEquals(Bytes.ofKiB(18), h.maxUsed());
        assertEquals(Bytes.ofKiB(120017), h.free());
        assertEquals(new AddressRange(0x00007fe160ec7000L, 0x00007fe168400000L), h.bounds());
        assertEquals(0x00007fe161137000L, h.committedEnd());
        assertEquals(Bytes.ofKiB(120036 + 120032 + 5692), c.size());
        assertEquals(Bytes.ofKiB(1035), c.heaps().get(2).used());
    }

    @Test
    void jdk25SegmentedSkipsTheTotalLine() {
        CodeCache c = CodeCacheParser.parse(read("codecache/jdk25-segmented.txt"));
        assertEquals(3, c.heaps().size()); // "CodeCache: size=245764Kb, used=..." is a total, not a fourth heap
        assertEquals(Bytes.ofKiB(245764), c.size());
        assertEquals(Bytes.ofKiB(15 + 28 + 1274), c.used());
        assertTrue(c.compilationEnabled()); // "Compilation: enabled, stopped_count=0, ..."
    }

    @Test
    void unsegmented() {
        for (String f : new String[] {"codecache/jdk17-unsegmented.txt", "codecache/jdk25-unsegmented.txt"}) {
            CodeCache c = CodeCacheParser.parse(read(f));
            assertEquals(1, c.heaps().size());
            assertEquals("CodeCache", c.heaps().get(0).name());
            assertEquals(Bytes.ofKiB(245760), c.size());
        }
        assertEquals(Bytes.ofKiB(1180), CodeCacheParser.parse(read("codecache/jdk17-unsegmented.txt")).used());
    }

    @Test
    void compilationDisabled() {
        String full = read("codecache/jdk17-segmented.txt").replace("compilation: enabled", "compilation: disabled (not enough contiguous free space left)");
        assertFalse(CodeCacheParser.parse(full).compilationEnabled());
    }

    @Test
    void rejects_() {
        String text = read("codecache/jdk17-segmented.txt");
        rejects(() -> CodeCacheParser.parse(""));
        rejects(() -> CodeCacheParser.parse(null));
        rejects(() -> CodeCacheParser.parse(Fixtures.GARBAGE));
        rejects(() -> CodeCacheParser.parse(Fixtures.BINARY));
        rejects(() -> CodeCacheParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> CodeCacheParser.parse(text.substring(0, text.indexOf(" total_blobs")))); // no compilation line
        rejects(() -> CodeCacheParser.parse(text.substring(0, text.indexOf("bounds [0x00007fe159400000") + 20)));
        rejects(() -> CodeCacheParser.parse(Fixtures.truncated(text, 0.2)));
    }
}
