// SPDX-License-Identifier: Apache-2.0
package io.jrss.cli;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** --culprits, as watch, run and export take it: which readings may name a finding's culprit when it fires. */
final class CulpritsFlag {
    @Option(names = "--culprits", paramLabel = "WHAT", arity = "0..1", fallbackValue = "histogram", split = ",",
            description = "Which readings name a finding's culprit when it fires: 'read' (the default: Thread.print, VM.classloader_stats,"
                    + " Compiler.codelist, Compiler.memory, which only read), 'histogram' (PAUSES THE TARGET: GC.class_histogram runs a full collection;"
                    + " --culprits alone means this), 'profile' (CHANGES THE TARGET, watch and run only: when native-leak fires, async-profiler's"
                    + " malloc hooks record call sites until the end; the library stays loaded), 'heap' (PAUSES THE TARGET, watch and run only: when"
                    + " direct-buffer-leak fires, one heap dump at the end names who holds the buffers), 'none'. Several: --culprits=histogram,profile,heap."
                    + " Each reading is taken when its finding fires and again each full interval.")
    List<String> values;

    /** The readings a watch (or run) allows: "read" unless 'none', and the opt-ins named. */
    Set<String> allowed() { return allowed(false); }

    /** The readings an exporter allows: it loads no profiler into the JVMs of a node and dumps no heap. */
    Set<String> allowedByExporter() { return allowed(true); }

    private Set<String> allowed(boolean exporter) {
        Set<String> out = new LinkedHashSet<>(List.of(io.jrss.core.snapshot.CulpritAsk.READ));
        for (String c : values == null ? List.<String>of() : values) {
            switch (c) {
                case "read" -> { }
                case "none" -> out.clear();
                case "histogram" -> out.add(c);
                case "profile", "heap" -> {
                    if (exporter) throw new Errors.UsageException("--culprits=" + c + " is not taken by an exporter (it would " + (c.equals("heap")
                            ? "pause every JVM of the node for a heap dump): run jrss heap <pid>" : "load a profiler into every JVM of the node): run jrss profile-native <pid>")
                            + ", or jrss watch --culprits=" + c + " <pid>, for one JVM");
                    out.add(c);
                }
                default -> throw new Errors.UsageException("--culprits takes read, histogram, profile, heap or none, not '" + c + "'");
            }
        }
        if (values != null && values.contains("none") && values.size() > 1) throw new Errors.UsageException("--culprits=none goes alone");
        return out;
    }
}
