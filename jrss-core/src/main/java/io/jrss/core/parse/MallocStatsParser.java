// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.MallocInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * glibc's {@code malloc_stats(3)}, as {@code gdb -p <pid> -batch -ex 'call malloc_stats()'} or an LD_PRELOAD hook
 * prints it to stderr: per arena "system bytes" (obtained from the OS) and "in use bytes" (held by callers), then
 * the totals including mmapped chunks. Read into the same figures as malloc_info: an arena's free bytes are its
 * system bytes minus its in-use bytes; the mmapped chunks are the total's bytes beyond the arenas'.
 */
public final class MallocStatsParser {
    private static final String WHAT = "glibc malloc_stats output";

    private MallocStatsParser() {}

    public static MallocInfo parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        List<MallocInfo.Heap> heaps = new ArrayList<>();
        Long system = null, inUse = null, totalSystem = null, totalInUse = null;
        int arena = -1;
        boolean total = false;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.matches("Arena \\d{1,6}:")) { arena = Integer.parseInt(s.substring(6, s.length() - 1)); total = false; system = inUse = null; continue; }
            if (s.startsWith("Total (incl. mmap):")) { total = true; continue; }
            int eq = s.indexOf('=');
            if (eq < 0) continue;
            String key = s.substring(0, eq).strip();
            long v = Text.parseLong(s.substring(eq + 1).strip(), i + 1, WHAT + " " + key);
            if (total) {
                if (key.equals("system bytes")) totalSystem = v;
                if (key.equals("in use bytes")) totalInUse = v;
            } else if (arena >= 0) {
                if (key.equals("system bytes")) system = v;
                if (key.equals("in use bytes")) inUse = v;
                if (system != null && inUse != null) {
                    Bytes sys = Bytes.of(system);
                    heaps.add(new MallocInfo.Heap(arena, Bytes.ZERO, Bytes.of(Math.max(0, system - inUse)), sys, sys, sys, 0));
                    system = inUse = null;
                }
            }
        }
        if (heaps.isEmpty()) throw new ParseException(0, "no 'Arena N:' with system and in use bytes; not " + WHAT);
        Bytes arenaSystem = heaps.stream().map(MallocInfo.Heap::systemCurrent).reduce(Bytes.ZERO, Bytes::plus);
        Bytes free = heaps.stream().map(MallocInfo.Heap::freeRest).reduce(Bytes.ZERO, Bytes::plus);
        Bytes mmapped = totalSystem == null ? Bytes.ZERO : Bytes.of(totalSystem).minus(arenaSystem).atLeastZero();
        return new MallocInfo(List.copyOf(heaps), Bytes.ZERO, free, -1, mmapped, arenaSystem, arenaSystem, arenaSystem);
    }
}
