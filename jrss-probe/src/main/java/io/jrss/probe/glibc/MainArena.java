// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds {@code main_arena} in libc's writable data without symbols (distributions strip them): it is the one place
 * there that reads as a malloc_state. Each of its 127 bins either points at itself (empty) or at two aligned chunks
 * in readable memory, {@code top} is a chunk or the initial top, and {@code next} closes the arena list. A random
 * stretch of data passes the 254 pointer checks by chance with no real probability; two candidates are refused as
 * ambiguous rather than guessed between.
 */
final class MainArena {
    /** libc's .data and .bss are tens of KiB; more than this is not a libc's. */
    private static final long MAX_SCAN = 4L << 20;

    /** The main arena's address, or an exception saying why there is none to read. */
    static long find(TargetMemory mem, Maps maps, GlibcLayout layout) throws TargetMemory.Torn, ArenasUnreadable {
        List<Long> found = new ArrayList<>();
        boolean uninitialised = false;
        for (Maps.Range r : writableData(maps)) {
            ByteBuffer b = mem.block(r.start(), (int) r.size());
            for (int o = 0; o + layout.size() <= b.limit(); o += 8) {
                long at = r.start() + o;
                if (b.getLong(o + layout.next()) != at && !mem.isReadable(b.getLong(o + layout.next()), layout.size())) continue;
                int verdict = check(b, o, at, layout, mem);
                if (verdict > 0) found.add(at);
                else if (verdict == 0) uninitialised = true;
            }
        }
        if (found.size() == 1) return found.get(0);
        if (found.size() > 1) throw new ArenasUnreadable(found.size() + " places in libc's data read as a main arena; jrss does not guess between them");
        if (uninitialised) throw new ArenasUnreadable("glibc's malloc has not been used yet in this process (its main arena is not initialised)");
        throw new ArenasUnreadable("no main arena found in libc's data for the glibc " + layout.version() + " layout");
    }

    /** 1: a malloc_state; 0: a main arena malloc has not initialised yet (next to itself, all bins zero); -1: neither. */
    private static int check(ByteBuffer b, int o, long at, GlibcLayout layout, TargetMemory mem) {
        int zero = 0;
        for (int i = 1; i < GlibcLayout.NBINS; i++) {
            long fd = b.getLong(o + layout.bins() + 16 * (i - 1)), bk = b.getLong(o + layout.bins() + 16 * (i - 1) + 8);
            long self = layout.binAt(at, i);
            if (fd == 0 && bk == 0) { zero++; continue; }
            if (fd == self && bk == self) continue;
            if (!chunk(fd, mem) || !chunk(bk, mem)) return -1;
        }
        if (zero == GlibcLayout.NBINS - 1) return b.getLong(o + layout.next()) == at ? 0 : -1;
        if (zero > 0) return -1;
        long top = b.getLong(o + layout.top());
        if (top != layout.binAt(at, 1) && !chunk(top, mem)) return -1;
        long system = b.getLong(o + layout.systemMem()), max = b.getLong(o + layout.maxSystemMem());
        return system >= 0 && max >= system && max < (1L << 47) ? 1 : -1;
    }

    private static boolean chunk(long p, TargetMemory mem) { return p != 0 && (p & 0xf) == 0 && mem.isReadable(p, GlibcLayout.MINSIZE); }

    /** libc's read-write mappings, and the anonymous one right after them (its .bss). */
    private static List<Maps.Range> writableData(Maps maps) {
        List<Maps.Range> out = new ArrayList<>();
        List<Maps.Range> libc = maps.libc();
        long total = 0;
        for (Maps.Range r : maps.ranges()) {
            boolean ofLibc = libc.contains(r) && r.perms().startsWith("rw");
            boolean bss = !libc.isEmpty() && r.anonymousReadWrite() && libc.stream().anyMatch(l -> l.end() == r.start() && l.perms().startsWith("rw"));
            if ((ofLibc || bss) && (total += r.size()) <= MAX_SCAN) out.add(r);
        }
        return out;
    }

    private MainArena() {}
}
