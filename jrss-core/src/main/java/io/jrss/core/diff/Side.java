// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.diff;

import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.rules.Finding;
import java.util.List;
import java.util.Map;

/**
 * One side of a diff, whatever the input was: the diagnosis of its last full snapshot (the ledger and the readings),
 * the findings jrss gives that input, and the signals of that snapshot. A capture and a recording of the same moment
 * give the same side: a recording's ledger and signals are those of its last full sample, its findings the watch's.
 *
 * @param input what the user gave ("before/", "nmt-1.txt+pmap-1.txt")
 * @param kind  "capture", "outputs" (pasted or saved outputs), "recording", "jfr" or "history" (VM.vitals, a GC log)
 */
public record Side(String input, String kind, Diagnosis diagnosis, List<Finding> findings, Map<String, Double> signals) {
    public Side {
        findings = List.copyOf(findings);
        signals = Map.copyOf(signals);
    }
}
