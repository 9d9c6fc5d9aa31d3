// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.AddressRange;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.VmInfo;
import org.junit.jupiter.api.Test;

import static io.jrss.core.parse.Fixtures.read;
import static io.jrss.core.parse.Fixtures.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VmInfoParserTest {
    @Test
    void jdk17PreloadAndArenaMax() {
        VmInfo v = VmInfoParser.parse(read("vm_info/jdk17-ld-preload-arena-max-excerpt.txt"));
        assertEquals(new AddressRange(0xfc000000L, 0x100000000L), v.heap());
        assertEquals(new AddressRange(0x00007fe7de000000L, 0x00007fe7debc7000L), v.cdsArchive());
        assertEquals(new AddressRange(0x00007fe7df000000L, 0x00007fe81f000000L), v.classSpace());
        assertEquals(Bytes.ofKiB(11160), v.glibc().outstanding());
        assertEquals(Bytes.ofKiB(315), v.glibc().retained());
        assertEquals("MALLOC_ARENA_MAX=2", v.glibc().tunables());
        assertFalse(v.glibc().mayHaveWrapped());
        assertEquals("/lib/x86_64-linux-gnu/libdl.so.2", v.ldPreload());
        assertEquals("2", v.mallocArenaMax()); // HotSpot lists no MALLOC_ARENA_MAX env line; the tunables line has it
    }

    @Test
    void jdk25Defaults() {
        VmInfo v = VmInfoParser.parse(read("vm_info/jdk25-g1-excerpt.txt"));
        assertEquals(new AddressRange(0x24000000L, 0x24d95000L), v.cdsArchive());
        assertEquals(new AddressRange(0x25000000L, 0x65000000L), v.classSpace());
        assertEquals(Bytes.ofKiB(16704), v.glibc().outstanding());
        assertEquals("(default)", v.glibc().tunables());
        assertNull(v.ldPreload());
        assertNull(v.mallocArenaMax());
    }

    @Test
    void zgcHasNoHeapAddressLine() {
        VmInfo v = VmInfoParser.parse(read("vm_info/jdk17-zgc-excerpt.txt"));
        assertNull(v.heap());
        assertEquals(Bytes.ofKiB(7959), v.glibc().outstanding());
        assertEquals(Bytes.ofKiB(1824), v.glibc().retained());
    }

    @Test
    void filteredToOneLineMayHaveWrapped() {
        VmInfo v = VmInfoParser.parse(read("vm_info/may-have-wrapped-vscode-java-3395.txt"));
        assertEquals(Bytes.ofKiB(46526), v.glibc().outstanding());
        assertEquals(Bytes.ofKiB(2104565), v.glibc().retained());
        assertTrue(v.glibc().mayHaveWrapped());
        assertNull(v.glibc().tunables());
        assertNull(v.heap());
    }

    @Test
    void rejects_() {
        String text = read("vm_info/jdk25-g1-excerpt.txt");
        rejects(() -> VmInfoParser.parse(""));
        rejects(() -> VmInfoParser.parse(null));
        rejects(() -> VmInfoParser.parse(Fixtures.GARBAGE));
        rejects(() -> VmInfoParser.parse(Fixtures.BINARY));
        rejects(() -> VmInfoParser.parse(Fixtures.BINARY_NO_NUL));
        rejects(() -> VmInfoParser.parse(text.substring(0, text.indexOf("Heap address:")))); // nothing jrss reads
        rejects(() -> VmInfoParser.parse(text.substring(0, text.indexOf("0x0000000025000000-0x00000000650") + 20)));
        rejects(() -> VmInfoParser.parse(text.replace("outstanding allocations: 16704K", "outstanding allocations: 16x04K")));
    }
}
