// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * {@code Compiler.codecache}: the code heaps, whether compilation is still enabled, and {@code full_count}, how
 * many times the cache was full (the JIT stopped), or -1 where it is not printed.
 */
public record CodeCache(List<CodeHeap> heaps, boolean compilationEnabled, long fullCount) {
    public Bytes size() { return heaps.stream().map(CodeHeap::size).reduce(Bytes.ZERO, Bytes::plus); }
    public Bytes used() { return heaps.stream().map(CodeHeap::used).reduce(Bytes.ZERO, Bytes::plus); }
}
