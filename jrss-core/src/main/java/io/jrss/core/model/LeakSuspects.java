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
    public record Suspect(String holder, Bytes retained, double share, String accumulated, String sentence) {
        private static final java.util.regex.Pattern COUNT = java.util.regex.Pattern.compile("([\\d,.\u00a0 ']{1,15}) instances of");

        /** How many instances the sentence says hold the memory: "371 instances of", 1 for "One instance of". */
        public long instances() {
            var m = COUNT.matcher(sentence);
            if (!m.find()) return 1;
            String digits = m.group(1).replaceAll("[^0-9]", "");
            return digits.isEmpty() ? 1 : Long.parseLong(digits);
        }

        /** The holder is a class loader ("*ClassLoader", "org.apache.catalina.loader.ParallelWebappClassLoader"). */
        public boolean classLoader() { return holder.endsWith("ClassLoader") || holder.contains("ClassLoader @"); }
    }

    /** The suspect with the largest share of the heap (an unknown share counts by its retained bytes, after the known ones). */
    public Suspect largest() {
        return suspects.stream().max(java.util.Comparator.comparingDouble((Suspect x) -> Double.isNaN(x.share()) ? -1 : x.share())
                .thenComparing(Suspect::retained)).orElse(null);
    }
}
