// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/** {@code Compiler.codecache}: the code heaps and whether compilation is still enabled. */
public record CodeCache(List<CodeHeap> heaps, boolean compilationEnabled) {
    public Bytes size() { return heaps.stream().map(CodeHeap::size).reduce(Bytes.ZERO, Bytes::plus); }
    public Bytes used() { return heaps.stream().map(CodeHeap::used).reduce(Bytes.ZERO, Bytes::plus); }
}
