// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.glibc;

import java.nio.ByteBuffer;

/**
 * glibc's count of chunks it mmapped on their own ({@code mp_.n_mmaps}, {@code mp_.mmapped_mem}), found without
 * symbols: {@code mp_.sbrk_base} holds the start of the brk heap, and the statistics lie just before it.
 * <pre>
 *  ... [int hp_flags; from 2.35] int n_mmaps, n_mmaps_max, max_n_mmaps, no_dyn_threshold; [4 bytes of padding; from 2.35]
 *      size_t mmapped_mem, max_mmapped_mem; [size_t max_total_mem; up to 2.21 at least, gone in 2.24] char *sbrk_base; ...
 * </pre>
 * Only the layout of the release read is tried (both for 2.22 and 2.23, which were not checked): the wrong one can
 * look consistent, with zeros where counts should be.
 * The words found must agree with each other (a maximum at least the current value, whole pages, no bytes without
 * chunks); a process that never used brk has no sbrk_base to find, and then the count is unknown.
 */
final class MallocPar {
    /** n_mmaps and mmapped_mem; count -1 when they could not be found. */
    record Mmapped(long count, long bytes) {
        static final Mmapped UNKNOWN = new Mmapped(-1, 0);
    }

    static Mmapped read(TargetMemory mem, Maps maps, GlibcLayout layout) throws TargetMemory.Torn {
        Maps.Range brk = maps.brk();
        if (brk == null) return Mmapped.UNKNOWN;
        for (Maps.Range r : maps.libc()) {
            if (!r.perms().startsWith("rw") || r.size() > (4 << 20)) continue;
            ByteBuffer b = mem.block(r.start(), (int) r.size());
            for (int o = 48; o + 8 <= b.limit(); o += 8) {
                long sbrkBase = b.getLong(o);
                if (sbrkBase < brk.start() || sbrkBase >= brk.start() + 4096) continue;
                boolean old = layout.major() == 2 && layout.minor() <= 23, recent = layout.major() > 2 || layout.minor() >= 24;
                int ints = layout.major() > 2 || layout.minor() >= 35 ? 36 : 32;
                Mmapped m = recent ? null : at(b, o - 8, ints);
                if (m == null && !(old && layout.minor() <= 21)) m = at(b, o, ints);
                if (m != null) return m;
            }
        }
        return Mmapped.UNKNOWN;
    }

    /** The statistics whose max_mmapped_mem ends at {@code end} and whose n_mmaps is {@code ints} before it, if they hold together. */
    private static Mmapped at(ByteBuffer b, int end, int ints) {
        if (end < ints) return null;
        long maxBytes = b.getLong(end - 8), bytes = b.getLong(end - 16);
        int count = b.getInt(end - ints), countMax = b.getInt(end - ints + 4), maxCount = b.getInt(end - ints + 8);
        boolean ok = count >= 0 && maxCount >= count && countMax > 0 && bytes >= 0 && maxBytes >= bytes
                && bytes % 4096 == 0 && (count == 0) == (bytes == 0) && bytes < (1L << 47);
        return ok ? new Mmapped(count, bytes) : null;
    }

    private MallocPar() {}
}
