// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.snapshot;

/**
 * A capture file that would name the culprit of a finding that holds ({@link CaptureFile.Sampling#CULPRIT}), as core
 * hands it to the probe: the probe decides only when to take it, and whether the user allowed it.
 *
 * @param optIn the --culprits value that allows it ("histogram": it changes the target), or null when it only reads
 */
public record CulpritAsk(String finding, String file, String optIn) {
    /** The --culprits value that allows the readings that only read (taken by default). */
    public static final String READ = "read";

    /** Whether {@code allowed} ("read", "histogram") lets a watch take it. */
    public boolean allowedBy(java.util.Set<String> allowed) { return allowed.contains(optIn == null ? READ : optIn); }

    /** The files of the asks {@code allowed} lets a capture take, in order. */
    public static java.util.Set<String> files(java.util.List<CulpritAsk> asks, java.util.Set<String> allowed) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (CulpritAsk a : asks) if (a.allowedBy(allowed)) out.add(a.file());
        return out;
    }
}
