// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * {@code VM.metaspace}: committed and reserved bytes of non-class metaspace and of the compressed class
 * space (available without NMT). {@code classSpace} is null when compressed class pointers are off.
 *
 * @param loaders class loaders with metaspace ("Total Usage - 150852 loaders, ..."), or -1 when not printed
 * @param classes classes they loaded, or -1 when not printed
 */
public record Metaspace(HeapInfo.SpaceUsage nonClass, HeapInfo.SpaceUsage classSpace, HeapInfo.SpaceUsage both, long loaders, long classes) {}
