// SPDX-License-Identifier: Apache-2.0
package io.jrss.it.lab;

/**
 * A value read, then read again every {@link ScenarioChecks#GAP_MILLIS} until it has grown by at least the delta
 * asked for, or four gaps have passed. The lab's leaks are sleeping loops: on a loaded CI machine (two cores, other
 * JVMs) they fall behind their nominal rate, so a check asks "did it grow" and lets the clock stretch, rather than
 * judge a rate against the wall clock.
 */
record Growth(long first, long last, long delta, long waitedMillis) {
    static final int MAX_GAPS = 4;

    @FunctionalInterface
    interface Reader { long read() throws Exception; }

    static Growth of(Reader reader, long delta) throws Exception {
        long first = reader.read(), last = first, waited = 0;
        for (int gap = 0; gap < MAX_GAPS && (gap == 0 || last - first < delta); gap++) {
            Thread.sleep(ScenarioChecks.GAP_MILLIS);
            waited += ScenarioChecks.GAP_MILLIS;
            last = reader.read();
        }
        return new Growth(first, last, delta, waited);
    }

    boolean grew() { return last - first >= delta; }
}
