// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * glibc's own figures for any process that uses glibc's malloc, read from outside: the arenas' malloc_state through
 * /proc/pid/mem, read-only and without stopping the target, written as the XML glibc's malloc_info(3) prints (what
 * {@code jcmd System.native_heap_info} shows on JDK 21+), so that one parser reads both. Every pointer is checked
 * against the mappings and every walk is bounded; what cannot be read for sure is {@link Unavailable}, with why.
 * Each thread's tcache is not read (its pointer is thread-local): its chunks count as in use, as in malloc_info.
 */
public final class GlibcArenas {
    /** Arenas glibc creates at most is 8 per core; 4096 bounds a hostile list. */
    private static final int MAX_ARENAS = 4096;

    public static String read(int pid, String smaps) throws IOException, Unavailable {
        if (smaps == null) throw new Unavailable("smaps was not read, so the arenas cannot be found");
        long t0 = System.nanoTime();
        Maps maps = Maps.parse(smaps);
        if (maps.musl()) throw new Unavailable("the process uses musl's malloc, not glibc's: jrss reads no musl figures, the malloc rows come from smaps alone");
        if (maps.libc().isEmpty()) throw new Unavailable("no glibc is mapped in the process (a static binary, or another C library)");
        try (TargetMemory mem = new TargetMemory(pid, maps.readable())) {
            int[] v = LibcVersion.read(mem, maps.libc());
            if (v == null) throw new Unavailable("libc's version banner was not found in its read-only data");
            GlibcLayout layout = GlibcLayout.of(v[0], v[1]);
            if (!layout.supported()) throw new Unavailable("glibc " + layout.version() + " is older than 2.17, the oldest layout jrss reads");
            long main = MainArena.find(mem, maps, layout);
            List<ArenaWalk.Figures> arenas = walk(mem, layout, main);
            MallocPar.Mmapped mmapped = MallocPar.read(mem, maps, layout);
            String comment = "jrss read glibc " + layout.version() + "'s arenas from /proc/" + pid + "/mem: main_arena at 0x"
                    + Long.toHexString(main) + ", " + arenas.size() + " arenas, " + mem.reads() + " reads of " + mem.bytesRead() + " bytes in "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms; tcache not read (thread-local), its chunks count as in use"
                    + (mmapped.count() < 0 ? "; mp_ not found, mmapped chunks unknown" : "")
                    + (maps.otherMalloc() != null ? "; " + maps.otherMalloc() + " is loaded: these are glibc's own arenas only" : "");
            return MallocInfoXml.write(arenas, mmapped, comment);
        } catch (TargetMemory.Torn e) {
            throw new Unavailable("the arenas could not be read for sure: " + e.getMessage());
        }
    }

    /** The arena list from main_arena round to it again; each other arena must be the owner of its heap. */
    private static List<ArenaWalk.Figures> walk(TargetMemory mem, GlibcLayout layout, long main) throws TargetMemory.Torn {
        ArenaWalk walk = new ArenaWalk(mem, layout);
        List<ArenaWalk.Figures> out = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (long a = main; out.isEmpty() || a != main; ) {
            if (!seen.add(a) || out.size() == MAX_ARENAS) throw new TargetMemory.Torn("the arena list does not come back to main_arena");
            if (a != main && (!mem.isReadable(a, layout.size()) || mem.word(a & -GlibcLayout.HEAP_MAX) != a)) {
                throw new TargetMemory.Torn("0x" + Long.toHexString(a) + " on the arena list is not an arena");
            }
            ArenaWalk.Figures f = walk.read(a, a == main);
            out.add(f);
            a = f.next();
        }
        return out;
    }

    private GlibcArenas() {}
}
