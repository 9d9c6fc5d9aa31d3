// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

/**
 * One code heap of {@code Compiler.codecache}, e.g. {@code 'non-profiled nmethods'}.
 * {@code bounds} is [low, high) of the reserved space; {@code committedEnd} the end of the committed part.
 */
public record CodeHeap(String name, Bytes size, Bytes used, Bytes maxUsed, Bytes free, AddressRange bounds,
                       long committedEnd) {}
