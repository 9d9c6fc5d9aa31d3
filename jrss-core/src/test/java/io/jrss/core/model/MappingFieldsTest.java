// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import io.jrss.core.parse.SmapsParser;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MappingFieldsTest {
    static final String SMAPS = """
            00400000-00401000 r-xp 00000000 08:01 1234 /usr/bin/java
            Size:                  4 kB
            Rss:                   4 kB
            Pss:                   2 kB
            7f0000000000-7f0000100000 rw-p 00000000 00:00 0
            Size:               1024 kB
            Rss:                 512 kB
            Pss:                 512 kB
            """;

    @Test
    void readsAsTheMapItReplacesInTheKernelsOrder() {
        List<Mapping> maps = SmapsParser.parse(SMAPS);
        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("Size", 1024L * 1024);
        expected.put("Rss", 512L * 1024);
        expected.put("Pss", 512L * 1024);
        assertEquals(expected, maps.get(1).fields());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(maps.get(1).fields().keySet()));
        assertEquals(Bytes.ofKiB(512), maps.get(1).rss());
        assertEquals(Bytes.ZERO, maps.get(1).swap()); // not printed: zero, as before
        assertNull(maps.get(1).fields().get("Swap"));
        assertFalse(maps.get(1).fields().containsKey("Swap"));
        assertTrue(maps.get(0).fields().containsKey("Pss"));
        assertEquals(2048L, maps.get(0).fields().getOrDefault("Pss", -1L));
        assertEquals(-1L, maps.get(0).fields().getOrDefault("Swap", -1L));
    }

    @Test
    void aMapFromElsewhereIsMadeCompactWithItsValues() {
        Mapping m = new Mapping(0, 4096, "rw-p", 0, "00:00", 0, "", Map.of("Rss", 4096L));
        assertEquals(Map.of("Rss", 4096L), m.fields());
        assertEquals(Bytes.of(4096), m.rss());
    }
}
