// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * One category of a {@code VM.native_memory summary}, named exactly as HotSpot prints it
 * ("Java Heap", "Class", "Thread", "Arena Chunk", ...). The set changes between JDK releases,
 * so names stay data. {@code committed} = malloc + arena + mmap committed (+ tracking overhead),
 * as HotSpot sums it. Fields a release does not print are {@link Bytes#ZERO}.
 *
 * @param stackCommitted committed thread stacks (category "Thread", JDK 11+), zero elsewhere
 * @param count          classes (Class), threads (Thread), or -1 when not printed
 */
public record NmtCategory(String name, Bytes reserved, Bytes committed, Bytes malloc, Bytes arena,
                          Bytes mmapReserved, Bytes mmapCommitted, Bytes stackReserved, Bytes stackCommitted,
                          Bytes trackingOverhead, long count) {}
