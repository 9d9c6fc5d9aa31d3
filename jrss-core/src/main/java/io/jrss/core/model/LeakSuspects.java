// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * Eclipse MAT's leak suspects report as people paste it: each suspect's sentence ("One instance of X loaded by Y
 * occupies N (P%) bytes. The memory is accumulated in one instance of Z ..."), its retained bytes and its share of
 * the heap.
 *
 * @param suspects in the order pasted
 */
public record LeakSuspects(List<Suspect> suspects) {
    /**
     * @param holder      what occupies the memory ("com.example.AllocateObject"), as MAT names it
     * @param accumulated where the memory is accumulated ("java.lang.Object[]"), or null
     */
    public record Suspect(String holder, Bytes retained, double share, String accumulated, String sentence) {}

    public Suspect largest() { return suspects.stream().max(java.util.Comparator.comparingDouble(Suspect::share)).orElse(null); }
}
