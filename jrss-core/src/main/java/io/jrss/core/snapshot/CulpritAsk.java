// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

/**
 * A capture file that would name the culprit of a finding that holds ({@link CaptureFile.Sampling#CULPRIT}), as core
 * hands it to the probe: the probe decides only when to take it, and whether the user allowed it.
 *
 * @param optIn the --culprits value that allows it ("histogram": it changes the target), or null when it only reads
 */
public record CulpritAsk(String finding, String file, String optIn) {
    /** Whether {@code allowed} ("read", "histogram") lets a watch take it. */
    public boolean allowedBy(java.util.Set<String> allowed) { return allowed.contains(optIn == null ? "read" : optIn); }
}
