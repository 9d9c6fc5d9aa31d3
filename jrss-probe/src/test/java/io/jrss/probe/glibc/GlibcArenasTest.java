// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jrss.core.model.MappingHead;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What is said instead of a number, and a real reading of this test's own JVM. */
class GlibcArenasTest {
    private static final int SELF = (int) ProcessHandle.current().pid();

    @Test void muslIsNamedNotRead() {
        Maps maps = Maps.parse("""
                7f0000000000-7f0000010000 r-xp 00000000 08:01 123 /lib/ld-musl-x86_64.so.1
                7f0000010000-7f0000020000 rw-p 00000000 00:00 0
                """);
        ArenasUnreadable u = assertThrows(ArenasUnreadable.class, () -> GlibcArenas.readOnce(SELF, maps, System.nanoTime() + 1_000_000_000L));
        assertTrue(u.getMessage().contains("musl's malloc, not glibc's"), u.getMessage());
    }

    @Test void aProcessWithoutGlibcSaysSo() {
        Maps maps = Maps.parse("00400000-00500000 r-xp 00000000 08:01 7 /usr/bin/static-thing\n");
        ArenasUnreadable u = assertThrows(ArenasUnreadable.class, () -> GlibcArenas.readOnce(SELF, maps, System.nanoTime() + 1_000_000_000L));
        assertTrue(u.getMessage().startsWith("no glibc is mapped"), u.getMessage());
    }

    @Test void mapsNamesLibcAndTheOtherMallocs() {
        Maps maps = Maps.parse("""
                55d000000000-55d000021000 rw-p 00000000 00:00 0                          [heap]
                7f1000000000-7f1000026000 r--p 00000000 fe:00 326269                     /usr/lib/x86_64-linux-gnu/libc.so.6
                7f1000026000-7f1000028000 rw-p 001d3000 fe:00 326269                     /usr/lib/x86_64-linux-gnu/libc.so.6
                7f1000028000-7f1000035000 rw-p 00000000 00:00 0
                7f2000000000-7f2000001000 r--p 00000000 08:01 9 /lib64/libc-2.17.so
                7f3000000000-7f3000001000 r-xp 00000000 08:01 10 /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
                7f4000000000-7f4000001000 r-xp 00000000 08:01 11 /usr/lib/x86_64-linux-gnu/libcrypto.so.3
                """);
        assertEquals(3, maps.libc().size());
        assertEquals(0x55d000000000L, maps.brk().start());
        assertEquals("jemalloc", maps.otherMalloc());
        assertTrue(maps.ranges().get(3).anonymousReadWrite()); // libc's .bss
        assertFalse(maps.ranges().get(0).anonymousReadWrite()); // [heap] is named
    }

    /** This JVM's own arenas: read as another process's would be, they hold together and name the release mapped. */
    @Test void readsThisJvmsOwnArenas() throws Exception {
        String xml = GlibcArenas.read(SELF);
        String release = Files.readString(Path.of("/proc/self/maps")).contains("libc.so.6") ? "glibc 2." : "";
        assertTrue(xml.contains("jrss read " + release), xml.lines().limit(2).toList().toString());
        int heaps = xml.split("<heap nr=", -1).length - 1;
        assertTrue(heaps >= 1, xml);
        assertTrue(xml.contains("<total type=\"mmap\""), xml);
        assertTrue(xml.endsWith("</malloc>\n"), xml);
    }

    @Test void memoryOutsideTheNamedMappingsIsNeverRead() throws Exception {
        try (TargetMemory mem = new TargetMemory(SELF, List.of(new Maps.Range(0x1000, 0x2000, "r--p", "")), System.nanoTime() + 1_000_000_000L)) {
            TargetMemory.Torn t = assertThrows(TargetMemory.Torn.class, () -> mem.word(0x3000));
            assertTrue(t.getMessage().contains("outside the target's mappings"), t.getMessage());
            assertThrows(TargetMemory.Torn.class, () -> mem.word(0x1ffc)); // straddles the end
        }
    }

    /**
     * Maps read before an arena heap grew: the part its heap_info now says is read-write may be read, nothing past it.
     * One of this JVM's own arena heaps, with its mapping cut to one page as if the maps had been read when it was.
     */
    @Test void anArenaHeapThatGrewSinceTheMapsIsReadUpToWhatItsHeaderSays() throws Exception {
        List<Maps.Range> readable = Maps.parse(Files.readString(Path.of("/proc/self/maps"))).readable();
        for (Maps.Range r : readable) {
            if (!r.anonymousReadWrite() || r.start() % MappingHead.HEAP_MAX != 0 || r.size() < 3 * 4096 || r.size() >= MappingHead.HEAP_MAX) continue;
            List<Maps.Range> before = new ArrayList<>(readable);
            before.set(readable.indexOf(r), new Maps.Range(r.start(), r.start() + 4096, r.perms(), r.path()));
            try (TargetMemory mem = new TargetMemory(SELF, before, System.nanoTime() + 1_000_000_000L)) {
                ByteBuffer h = mem.read(r.start(), 32);
                MappingHead head = new MappingHead(r.start(), h.getLong(0), h.getLong(8), h.getLong(16), h.getLong(24));
                if (!head.isArenaHeap() || head.w3() >= MappingHead.HEAP_MAX) continue;
                long end = r.start() + head.w3();
                assertTrue(mem.isReadable(end - 8, 8), "inside what heap_info says is read-write");
                mem.word(end - 8);
                assertFalse(mem.isReadable(end - 8, 16), "past mprotect_size");
                assertThrows(TargetMemory.Torn.class, () -> mem.word(end));
            }
            return;
        }
        fail("no arena heap in this JVM's maps: " + readable.size() + " readable mappings");
    }

    @Test void aReadingPastItsTimeLimitStopsForGood() throws Exception {
        Maps.Range r = Maps.parse(Files.readString(Path.of("/proc/self/maps"))).readable().get(0);
        try (TargetMemory mem = new TargetMemory(SELF, List.of(r), System.nanoTime() - 1)) {
            TargetMemory.Torn t = assertThrows(TargetMemory.Torn.class, () -> mem.word(r.start()));
            assertTrue(t.last, "not retried");
            assertTrue(t.getMessage().contains("time limit"), t.getMessage());
        }
    }
}
