// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;
import io.jrss.core.model.MallocInfo;
import io.jrss.core.model.NmtCategories;
import io.jrss.core.model.NmtSummary;
import io.jrss.core.model.VmInfo;
import io.jrss.core.snapshot.Readings;
import io.jrss.core.snapshot.Snapshot;
import java.util.List;

/**
 * Splits the C heap's resident bytes. glibc says how much is in use and how much is free, smaps says what is
 * resident: in-use bytes of the arenas are taken as resident first, the arenas' remaining resident bytes are
 * free memory glibc keeps (malloc-free), and glibc's separately mmapped chunks are measured where their headers
 * were read. What glibc counts and smaps shows in none of its own mappings (chunks merged with other memory, arena
 * heaps not recognised) is taken from anonymous memory, before NMT's mmap figures claim what is left.
 * NMT then says which part of the in-use bytes the JVM itself allocated; the rest is native code's.
 *
 * <pre>
 *  JDK 21+: System.native_heap_info (malloc_info): in arenas = system current − free; mmapped = mmap size
 *  JDK 17:  VM.info: outstanding = uordblks + hblkhd, retained = fordblks;
 *           uordblks = arena system bytes (read-write size of [heap] and arena heaps in smaps) − fordblks
 *  else:    glibc's arenas read from /proc/pid/mem (malloc_state), in malloc_info's terms, as on JDK 21+;
 *           mmapped chunks as glibc counts them (mp_), or those whose headers were seen when mp_ was not found
 * </pre>
 * The JVM's own figures come first: it asks glibc under glibc's lock, where jrss reads a running process from outside.
 */
final class MallocSplit {
    private final Snapshot s;
    private final ClassifiedMappings cm;
    private final Pool anon;
    private final Rows rows;
    private final List<String> notes;

    MallocSplit(Snapshot s, ClassifiedMappings cm, Pool anon, Rows rows, List<String> notes) {
        this.s = s; this.cm = cm; this.anon = anon; this.rows = rows; this.notes = notes;
    }

    MallocAccount apply() {
        Bytes arenaResident = cm.resident(MappingKind.MALLOC_MAIN_ARENA).plus(cm.resident(MappingKind.MALLOC_ARENA_HEAP));
        int arenas = cm.residentByArena().size();
        int busy = (int) cm.residentByArena().values().stream().filter(b -> b.compareTo(MallocAccount.BUSY) >= 0).count();
        Allocator preload = s.preloadedAllocator();
        Allocator allocator = preload == null ? Allocator.glibc : preload;
        Pool arenaPool = new Pool(arenaResident);
        Bytes inArenas = null, free = null, mmapped = null, system = null;
        String source;
        MallocInfo mi = s.get(Readings.MALLOC_INFO).orNull();
        VmInfo vi = s.get(Readings.VM_INFO).orNull();
        MallocInfo outside = s.get(Readings.GLIBC_ARENAS).orNull();
        if (preload != null) {
            source = preload + " is preloaded: glibc statistics do not apply";
        } else if (mi != null) {
            inArenas = mi.inUseInArenas(); free = mi.free(); mmapped = mi.mmapSize(); system = mi.systemCurrent();
            source = "System.native_heap_info (glibc malloc_info)";
        } else if (vi != null && vi.glibc() != null && vi.glibc().retained() != null) {
            free = vi.glibc().retained();
            inArenas = cm.arenaSystem().minus(free).atLeastZero();
            mmapped = vi.glibc().outstanding().minus(inArenas).atLeastZero();
            source = "VM.info C-Heap outstanding/retained, arena sizes from smaps";
        } else if (outside != null) {
            inArenas = outside.inUseInArenas(); free = outside.free(); system = outside.systemCurrent();
            mmapped = outside.mmapCount() >= 0 ? outside.mmapSize() : cm.size(MappingKind.MALLOC_MMAPPED_CHUNK);
            source = "glibc's arenas read from /proc/" + s.pidText() + "/mem";
        } else {
            // Before JDK 17.0.? HotSpot printed only "outstanding": without "retained" the arenas cannot be split.
            source = vi != null && vi.glibc() != null ? "VM.info prints no glibc 'retained' figure on this JDK" : "no glibc statistics (VM.info unavailable)";
        }
        Bytes inUse;
        Bytes chunks = cm.resident(MappingKind.MALLOC_MMAPPED_CHUNK);
        if (inArenas != null) {
            // Chunks whose header could not be seen (merged with other memory) are still somewhere in anonymous memory.
            Bytes unseen = cm.arenaHeapsChecked() ? mmapped.minus(cm.size(MappingKind.MALLOC_MMAPPED_CHUNK)).atLeastZero() : mmapped;
            Bytes inArenaHeaps = arenaPool.take(inArenas);
            inUse = inArenaHeaps.plus(outsideArenaHeaps(system, inArenas.minus(inArenaHeaps))).plus(chunks).plus(anon.take(unseen));
            rows.add(Row.MALLOC_FREE, arenaPool.remaining(), Accuracy.estimate,
                    "resident bytes of " + arenas + " malloc arenas not in use (" + source + ")");
        } else {
            inUse = arenaPool.take(arenaResident).plus(chunks);
            if (preload == null) notes.add("glibc statistics unavailable: all resident arena memory counted as in use; malloc-free not measured");
        }
        splitInUse(inUse, allocator);
        return new MallocAccount(allocator, arenas, busy, arenaResident, cm.arenaSystem(),
                inArenas == null ? null : inArenas.plus(mmapped), free, mmapped, rows.get(Row.MALLOC_FREE), source,
                cm.arenaHeaps() + cm.heapTailsAlone());
    }

    /**
     * glibc's in-use arena bytes that the arena mappings found could not hold, taken from anonymous memory up to the arena
     * memory glibc counts and smaps showed in no arena heap: a heap the kernel merged with a neighbour, the main arena's
     * mmapped extensions when brk could not grow. That memory is anonymous, and is taken before NMT's mmap figures claim
     * what is left, as VM.info's figures do on JDK 17 (their arena bytes are smaps' own, the rest counts as mmapped).
     * Without this, a missed heap's bytes went to NMT's GC row (committed, mostly untouched) or to unattributed (issue 26).
     */
    private Bytes outsideArenaHeaps(Bytes system, Bytes wanted) {
        if (system == null) return Bytes.ZERO;
        Bytes unfound = system.minus(cm.arenaSystemSeen()).atLeastZero();
        Bytes got = anon.take(wanted.min(unfound));
        if (got.mib() >= 1) {
            notes.add("glibc counts " + unfound.toIec() + " of arena memory that smaps shows in no arena heap: " + got.toIec()
                    + " of its bytes in use were taken from anonymous memory");
        }
        return got;
    }

    /** NMT's malloc figures are the JVM's share; the rest of the in-use bytes belong to native code. */
    private void splitInUse(Bytes inUse, Allocator allocator) {
        NmtSummary nmt = s.get(Readings.NMT).orNull();
        if (nmt == null) {
            rows.add(Row.NATIVE_MALLOC, inUse, Accuracy.estimate,
                    "malloc in use by the JVM and native code together (NMT is off, so they cannot be separated)");
            return;
        }
        Bytes gc = nmt.mallocd(NmtCategories.GC);
        Bytes other = nmt.directBuffers();
        Bytes jvm = nmt.totalMalloc().minus(gc).minus(other).atLeastZero();
        Bytes total = gc.plus(other).plus(jvm);
        boolean glibc = allocator == Allocator.glibc;
        // Under glibc, NMT's share cannot exceed what glibc has in use; scale it down if it does (timing, rounding).
        double scale = glibc && total.greaterThan(inUse) ? inUse.ratioOf(total) : 1.0;
        Pool budget = new Pool(inUse);
        Bytes[] claims = {gc.times(scale), other.times(scale), jvm.times(scale)};
        Row[] ids = {Row.GC_STRUCTURES, Row.DIRECT_BUFFERS, Row.JVM_MALLOC};
        String[] what = {"NMT GC malloc", "NMT Other malloc (Unsafe.allocateMemory, direct buffers)", "NMT malloc of the other categories"};
        for (int i = 0; i < 3; i++) {
            Bytes got = budget.take(claims[i]);
            if (!glibc) got = got.plus(anon.take(claims[i].minus(got)));
            rows.add(ids[i], got, Accuracy.estimate, what[i]);
        }
        if (glibc) rows.add(Row.NATIVE_MALLOC, budget.remaining(), Accuracy.estimate, "glibc in use minus NMT malloc");
        // A preloaded allocator may grow the brk heap too (tcmalloc's first choice is sbrk): what NMT does not claim of it is native.
        else rows.add(Row.NATIVE_MALLOC, budget.remaining(), Accuracy.estimate, "the brk heap held by " + allocator + " beyond NMT malloc");
        if (scale < 1.0) notes.add("NMT malloc exceeds glibc's in-use bytes; NMT's shares scaled by " + String.format(java.util.Locale.ROOT, "%.2f", scale));
    }
}
