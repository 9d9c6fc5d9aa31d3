// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * glibc malloc statistics as HotSpot prints them in {@code VM.info} ("Process Memory" section):
 * {@code C-Heap outstanding allocations: XK, retained: YK}, where outstanding = mallinfo2 uordblks + hblkhd
 * (in use, arenas and mmapped chunks) and retained = fordblks (free chunks inside the arenas).
 * They are not resident bytes: after a trim they do not change (docs/pitfalls.md 1).
 *
 * @param tunables      e.g. "(default)" or "MALLOC_ARENA_MAX=2"; null when not printed
 * @param mayHaveWrapped legacy mallinfo() 32-bit fields may have wrapped
 */
public record GlibcMalloc(Bytes outstanding, Bytes retained, String tunables, boolean mayHaveWrapped) {}
