// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.result;

import io.jrss.core.analysis.Diagnosis;
import java.util.List;
import java.util.Map;

/**
 * One moment: a live JVM, a capture directory, or outputs people pasted.
 *
 * @param raw    the readings as captured (already redacted), file name to text, for a report's raw section
 * @param pasted what analyze found in pasted outputs, or null for a capture
 */
public record SnapshotResult(Diagnosis diagnosis, Map<String, String> raw, Pasted pasted) implements Result {

    /**
     * @param found       which output was read where ("nmt.txt:3 VM.native_memory summary")
     * @param notes       what was done to the inputs (a torn last line left out, a second output replacing a first)
     * @param collectNext what to collect next to settle what the inputs leave open
     */
    public record Pasted(List<String> found, List<String> notes, List<String> collectNext) {}

    public SnapshotResult { raw = Map.copyOf(raw); }
}
