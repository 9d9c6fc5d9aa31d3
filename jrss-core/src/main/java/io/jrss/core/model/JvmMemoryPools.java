// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * The JVM's memory pools as the MemoryMXBean and MemoryPoolMXBeans report them, and as Arthas' {@code memory} and
 * {@code dashboard} print them: used, committed ("total") and max of the heap, each heap and non-heap pool, and the
 * buffer pools ({@code direct}, {@code mapped}).
 *
 * @param pools in the order printed
 */
public record JvmMemoryPools(List<Pool> pools) {
    /** @param max null when the pool has none (-1, or "-" for the buffer pools) */
    public record Pool(String name, Bytes used, Bytes committed, Bytes max) {
        /** used over max, or 0 without a max. */
        public double share() { return max == null || !max.isPositive() ? 0 : used.ratioOf(max); }
    }

    public Pool pool(String name) { return pools.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null); }
}
