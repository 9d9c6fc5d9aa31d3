// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.MallocInfo;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MallocInfoParserTest {
    private final String text = read("malloc_info/jdk25-native_heap_info.txt");

    @Test
    void jdk25NativeHeapInfo() {
        MallocInfo m = MallocInfoParser.parse(text);
        assertEquals(16, m.heaps().size()); // 8 arenas per core on 2 cores: docs/pitfalls.md 2
        MallocInfo.Heap main = m.heaps().get(0);
        assertEquals(0, main.nr());
        assertEquals(Bytes.of(131840), main.freeRest());
        assertEquals(Bytes.of(299008), main.systemCurrent());
        assertEquals(0, main.subheaps());
        assertEquals(1, m.heaps().get(1).subheaps());
        assertEquals(Bytes.of(212992), m.heaps().get(1).systemCurrent());
        assertEquals(Bytes.ZERO, m.freeFast());
        assertEquals(Bytes.of(2055659), m.freeRest());
        assertEquals(10, m.mmapCount());
        assertEquals(Bytes.of(13541376), m.mmapSize());
        assertEquals(Bytes.of(5627904), m.systemCurrent());
        assertEquals(Bytes.of(5627904), m.systemMax());
        assertEquals(Bytes.of(5627904 - 2055659), m.inUseInArenas());
        assertEquals(m.systemCurrent().value(), m.heaps().stream().mapToLong(h -> h.systemCurrent().value()).sum());
    }

    @Test
    void rejects_() {
        rejects(() -> MallocInfoParser.parse(""));
        rejects(() -> MallocInfoParser.parse(null));
        rejects(() -> MallocInfoParser.parse(Fixtures.GARBAGE));
        rejects(() -> MallocInfoParser.parse(Fixtures.BINARY));
        rejects(() -> MallocInfoParser.parse(Fixtures.BINARY_NO_NUL));
        ParseException cut = rejects(() -> MallocInfoParser.parse(Fixtures.truncated(text, 0.6)));
        assertTrue(cut.line() > 1, cut.getMessage());
        rejects(() -> MallocInfoParser.parse(text.substring(0, text.lastIndexOf("<total type=\"mmap\"")) + "</malloc>\n"));
        rejects(() -> MallocInfoParser.parse("4125:\n<!DOCTYPE malloc [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><malloc>&x;</malloc>"));
        rejects(() -> MallocInfoParser.parse(text.replace("size=\"13541376\"", "size=\"13x41376\"")));
    }
}
