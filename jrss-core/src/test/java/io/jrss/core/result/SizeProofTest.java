// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jrss.core.model.Bytes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A proof holds when every run ended as the unconstrained run did and none was killed: a run that exits with 1 in a
 * third of a second (a heap too small for the work: "Java heap space") is no proof, though nothing killed it.
 */
class SizeProofTest {
    static SizeProof.Run run(int n, long kills, int exit, double seconds) {
        return new SizeProof.Run(n, Bytes.ofMiB(80), kills, exit, seconds, null, "test");
    }

    @Test void aRunThatEndsOtherwiseBroke() {
        SizeProof.Run free = run(0, 0, -1, 30); // stopped at the timeout, as a service is
        SizeProof p = new SizeProof(Bytes.ofMiB(80), List.of("-Xmx24m"), free, List.of(run(1, 0, -1, 30), run(2, 0, 1, 0.3), run(3, 1, -1, 4)));
        assertFalse(p.broke(p.runs().get(0)), "stopped at the timeout as the unconstrained run was");
        assertTrue(p.broke(p.runs().get(1)), "exited with 1 where the unconstrained run kept working");
        assertFalse(p.broke(p.runs().get(2)), "a kill is a kill, counted apart");
        assertEquals(1, p.broken());
        assertEquals(1, p.kills());
        assertFalse(p.held());
        assertTrue(new SizeProof(Bytes.ofMiB(80), List.of(), free, List.of(run(1, 0, -1, 30))).held());
    }

    @Test void withoutAnUnconstrainedRunANonZeroExitBroke() {
        SizeProof p = new SizeProof(Bytes.ofMiB(80), List.of(), null, List.of(run(1, 0, 0, 5), run(2, 0, 3, 5)));
        assertEquals(1, p.broken());
    }
}
