// SPDX-License-Identifier: Apache-2.0
package io.jrss.report.snapshot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jrss.core.analysis.Diagnosis;
import io.jrss.core.result.SnapshotResult;

/** The JSON of {@code jrss analyze} on outputs people had: explain's object plus {@code inputs}, {@code input_notes} and {@code collect_next}. */
final class PastedJson {
    private PastedJson() {}

    static ObjectNode of(Diagnosis d, SnapshotResult.Pasted pasted, String version) {
        ObjectNode root = SnapshotJson.of(d, version);
        pasted.found().forEach(root.putArray("inputs")::add);
        pasted.notes().forEach(root.putArray("input_notes")::add);
        pasted.collectNext().forEach(root.putArray("collect_next")::add);
        return root;
    }
}
