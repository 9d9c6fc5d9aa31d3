// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.SystemMapEntry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SystemMapParserTest {
    private final String text = read("system_map/jdk25-g1-nmt-detail-excerpt.txt");

    @Test
    void jdk25TaggedMappings() {
        List<SystemMapEntry> maps = SystemMapParser.parse(text);
        assertEquals(55, maps.size());
        assertFalse(SystemMapParser.isNmtDisabled(text));
        SystemMapEntry cds = maps.get(1);
        assertEquals(new AddressRange(0x24001000L, 0x24d95000L), cds.range());
        assertEquals(Bytes.of(14237696), cds.size());
        assertEquals(Bytes.of(13295616), cds.rss());
        assertEquals(List.of("CDS"), cds.tags());
        assertEquals(List.of("com"), cds.notes());
        assertEquals("/usr/lib/jvm/temurin-25-jdk-amd64/lib/server/classes.jsa", cds.file());
        SystemMapEntry heap = maps.stream().filter(m -> m.hasTag("JAVAHEAP")).findFirst().orElseThrow();
        assertEquals(Bytes.of(10022912), heap.rss());
        assertEquals("", heap.file());
        assertEquals("4K", heap.pageSize());
        SystemMapEntry stack = maps.stream().filter(m -> m.info().startsWith("STACK-4186")).reduce((a, b) -> b).orElseThrow();
        assertEquals(List.of("STACK"), stack.tags());
        assertEquals("STACK-4186-Attach-Listener", stack.info());
        assertEquals(List.of("com", "nothp"), stack.notes());
        assertEquals(Bytes.of(90112), stack.rss());
        assertEquals(Bytes.of(36864), maps.get(maps.size() - 1).rss()); // [stack] of the primordial thread
    }

    @Test
    void nmtOffHasNoTags() {
        String off = read("system_map/jdk25-nmt-off-head.txt");
        assertTrue(SystemMapParser.isNmtDisabled(off));
        List<SystemMapEntry> maps = SystemMapParser.parse(off);
        assertEquals(7, maps.size());
        assertTrue(maps.stream().allMatch(m -> m.tags().isEmpty()));
    }

    @Test
    void rejects_() {
        rejects(() -> SystemMapParser.parse(""));
        rejects(() -> SystemMapParser.parse(null));
        rejects(() -> SystemMapParser.parse(Fixtures.GARBAGE));
        rejects(() -> SystemMapParser.parse(Fixtures.BINARY));
        rejects(() -> SystemMapParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> SystemMapParser.parse(text.substring(0, text.indexOf("0x0000000024000000")))); // legend only
        rejects(() -> SystemMapParser.parse(Fixtures.truncated(text, 0.55)));
    }
}
