// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * One category of a {@code VM.native_memory summary}, named exactly as HotSpot prints it
 * ("Java Heap", "Class", "Thread", "Arena Chunk", ...; what each means is in {@link NmtCategories}). The set changes between JDK releases,
 * so names stay data. {@code committed} = malloc + arena + mmap committed (+ tracking overhead),
 * as HotSpot sums it. Fields a release does not print are {@link Bytes#ZERO}.
 *
 * @param stackCommitted committed thread stacks (category "Thread", JDK 11+), zero elsewhere
 * @param count          classes (Class), threads (Thread), or -1 when not printed
 * @param mallocCount    live malloc blocks of the category ("#N" on its malloc line, JDK 11+), or -1 when not printed
 * @param mallocPeak     the highest its malloc has been (JDK 17+ "(peak=...)", "(at peak)"), or null when not printed
 * @param arenaPeak      the highest its arenas have been, or null when not printed
 */
public record NmtCategory(String name, Bytes reserved, Bytes committed, Bytes malloc, Bytes arena,
                          Bytes mmapReserved, Bytes mmapCommitted, Bytes stackReserved, Bytes stackCommitted,
                          Bytes trackingOverhead, long count, long mallocCount, Bytes mallocPeak, Bytes arenaPeak) {
    /** Mean size of the category's live malloc blocks, or null when the count is not printed. */
    public Bytes meanMallocBlock() { return mallocCount <= 0 ? null : Bytes.of(malloc.value() / mallocCount); }
}
