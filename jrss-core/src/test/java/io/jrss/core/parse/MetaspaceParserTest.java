// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.Metaspace;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class MetaspaceParserTest {
    @Test
    void jdk17WithClassSpace() {
        Metaspace m = MetaspaceParser.parse(read("metaspace/jdk17.txt"));
        assertEquals(Bytes.ofMiB(64), m.nonClass().reserved());
        assertEquals(Bytes.ofKiB(192), m.nonClass().committed());
        assertEquals(Bytes.of(101724), m.nonClass().used()); // "99.34 KB"
        assertEquals(Bytes.ofGiB(1), m.classSpace().reserved());
        assertEquals(Bytes.ofKiB(128), m.classSpace().committed());
        assertEquals(Bytes.of(3953), m.classSpace().used()); // "3.86 KB"
        assertEquals(Bytes.ofKiB(320), m.both().committed());
        assertEquals(Bytes.of(1138166333), m.both().reserved()); // "1.06 GB", rounded as printed
    }

    @Test
    void jdk25WithClassSpace() {
        Metaspace m = MetaspaceParser.parse(read("metaspace/jdk25.txt"));
        assertEquals(Bytes.ofKiB(192), m.nonClass().committed());
        assertEquals(Bytes.of(Math.round(107.81 * 1024)), m.nonClass().used());
        assertEquals(Bytes.of(Math.round(6.53 * 1024)), m.classSpace().used());
    }

    @Test
    void compressedClassPointersOff() {
        Metaspace m17 = MetaspaceParser.parse(read("metaspace/jdk17-no-compressed-class-pointers.txt"));
        assertNull(m17.classSpace());
        assertSame(m17.both(), m17.nonClass());
        assertEquals(Bytes.ofMiB(64), m17.both().reserved());
        assertEquals(Bytes.of(Math.round(3.81 * 1024 * 1024)), m17.both().committed());
        assertEquals(Bytes.of(Math.round(3.70 * 1024 * 1024)), m17.both().used());
        Metaspace m25 = MetaspaceParser.parse(read("metaspace/jdk25-no-compressed-class-pointers.txt"));
        assertNull(m25.classSpace());
        assertEquals(Bytes.of(4320133), m25.both().committed()); // "4.12 MB"
    }

    @Test
    void rejects_() {
        String text = read("metaspace/jdk17.txt");
        rejects(() -> MetaspaceParser.parse(""));
        rejects(() -> MetaspaceParser.parse(null));
        rejects(() -> MetaspaceParser.parse(Fixtures.GARBAGE));
        rejects(() -> MetaspaceParser.parse(Fixtures.BINARY));
        rejects(() -> MetaspaceParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> MetaspaceParser.parse(text.substring(0, text.indexOf("Virtual space:")))); // usage only
        rejects(() -> MetaspaceParser.parse(text.substring(0, text.indexOf("Class space:        1.00 GB") + 22))); // cut mid-line
        rejects(() -> MetaspaceParser.parse(text.replace("64.00 MB reserved", "64.00 XB reserved")));
    }
}
