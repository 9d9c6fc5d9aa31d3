// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * glibc's own figures for any process that uses glibc's malloc, read from outside: the arenas' malloc_state through
 * /proc/pid/mem, read-only and without stopping the target, written as the XML glibc's malloc_info(3) prints (what
 * {@code jcmd System.native_heap_info} shows on JDK 21+), so that one parser reads both. Every pointer is checked
 * against the mappings and every walk is bounded; what cannot be read for sure is {@link ArenasUnreadable}, with why.
 * Each thread's tcache is not read (its pointer is thread-local): its chunks count as in use, as in malloc_info.
 */
public final class GlibcArenas {
    /** Arenas glibc creates at most is 8 per core; 4096 bounds a hostile list. */
    private static final int MAX_ARENAS = 4096;

    /** Readings of the whole, each on a fresh /proc/pid/maps: an arena heap that grew since is a torn read, not an error. */
    private static final int TRIES = 3;
    /** /proc/pid/maps is some 100 bytes a mapping; 64 MiB is 600 000 mappings, more than vm.max_map_count allows. */
    private static final int MAX_MAPS = 64 << 20;

    /** All tries together: a hostile or huge heap is given up, not walked for minutes. */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(20);

    public static String read(int pid) throws IOException, ArenasUnreadable {
        long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
        for (int t = 1; ; t++) {
            try {
                return readOnce(pid, maps(pid), deadline);
            } catch (TargetMemory.Torn e) {
                if (t == TRIES || e.last) throw new ArenasUnreadable("the arenas could not be read for sure" + (e.last ? "" : " in " + TRIES + " tries") + ": " + e.getMessage());
            }
        }
    }

    private static Maps maps(int pid) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("/proc/" + pid + "/maps"))) {
            byte[] b = in.readNBytes(MAX_MAPS + 1);
            if (b.length > MAX_MAPS) throw new IOException("/proc/" + pid + "/maps is larger than " + (MAX_MAPS >> 20) + " MiB");
            return Maps.parse(new String(b, StandardCharsets.ISO_8859_1));
        }
    }

    static String readOnce(int pid, Maps maps, long deadline) throws IOException, ArenasUnreadable, TargetMemory.Torn {
        long t0 = System.nanoTime();
        if (maps.musl()) throw new ArenasUnreadable("the process uses musl's malloc, not glibc's: jrss reads no musl figures, the malloc rows come from smaps alone");
        if (maps.libc().isEmpty()) throw new ArenasUnreadable("no glibc is mapped in the process (a static binary, or another C library)");
        try (TargetMemory mem = new TargetMemory(pid, maps.readable(), deadline)) {
            int[] v = LibcVersion.read(mem, maps.libc());
            if (v == null) throw new ArenasUnreadable("libc's version banner was not found in its read-only data");
            GlibcLayout layout = GlibcLayout.of(v[0], v[1]);
            if (!layout.supported()) throw new ArenasUnreadable("glibc " + layout.version() + " is older than 2.17, the oldest layout jrss reads");
            long main = MainArena.find(mem, maps, layout);
            List<ArenaWalk.Figures> arenas = walk(mem, layout, main);
            MallocPar.Mmapped mmapped = MallocPar.read(mem, maps, layout);
            String comment = "jrss read glibc " + layout.version() + "'s arenas from /proc/" + pid + "/mem: main_arena at 0x"
                    + Long.toHexString(main) + ", " + arenas.size() + " arenas, " + mem.reads() + " reads of " + mem.bytesRead() + " bytes in "
                    + (System.nanoTime() - t0) / 1_000_000 + " ms; tcache not read (thread-local), its chunks count as in use"
                    + (mmapped.count() < 0 ? "; mp_ not found, mmapped chunks unknown" : "")
                    + (maps.otherMalloc() != null ? "; " + maps.otherMalloc() + " is loaded: these are glibc's own arenas only" : "");
            return MallocInfoXml.write(arenas, mmapped, comment);
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
