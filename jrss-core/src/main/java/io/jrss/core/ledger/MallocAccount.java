// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Allocator;
import io.jrss.core.model.Bytes;

/**
 * How the ledger read the C heap. glibc figures are not resident bytes (docs/pitfalls.md 1): they are used
 * to split the resident bytes of the arena mappings into in use and free.
 *
 * @param allocator     glibc, or the preloaded allocator (jemalloc, ...)
 * @param arenas        arenas seen in smaps: the main arena ([heap]) plus the others (an arena may span several heaps)
 * @param busyArenas    arenas holding at least {@link #BUSY} resident each
 * @param arenaResident resident bytes of [heap] and the arena heaps
 * @param arenaSystem   committed (read-write) bytes of [heap] and the arena heaps
 * @param inUse         bytes malloc'd and not freed, arenas and mmapped chunks (glibc's view), or null if unknown
 * @param freeInArenas  glibc's free bytes inside the arenas (fordblks), or null if unknown
 * @param mmapped       bytes of chunks glibc mmapped on their own (hblkhd), or null if unknown
 * @param freeResident  resident bytes of the arenas not in use: what a trim could give back
 * @param heaps         64 MiB arena heaps seen, with a head or by their reserved tail alone: the address space (VSZ) they hold
 */
public record MallocAccount(Allocator allocator, int arenas, int busyArenas, Bytes arenaResident, Bytes arenaSystem, Bytes inUse,
                            Bytes freeInArenas, Bytes mmapped, Bytes freeResident, String source, int heaps) {
    /** An arena this full is one a thread really allocates in, not one of the idle 8 x cores. */
    public static final Bytes BUSY = Bytes.ofMiB(16);
}
