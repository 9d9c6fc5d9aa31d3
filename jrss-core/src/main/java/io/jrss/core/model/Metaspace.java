// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * {@code VM.metaspace}: committed and reserved bytes of non-class metaspace and of the compressed class
 * space (available without NMT). {@code classSpace} is null when compressed class pointers are off.
 */
public record Metaspace(HeapInfo.SpaceUsage nonClass, HeapInfo.SpaceUsage classSpace, HeapInfo.SpaceUsage both) {}
