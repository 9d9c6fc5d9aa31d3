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
                    + " --culprits alone means this), 'none'. Each is taken when its finding fires and again each full interval.")
    List<String> values;

    /** The readings allowed: "read" unless 'none', and the opt-ins named; 'profile' and 'heap' are commands of their own. */
    Set<String> allowed() {
        Set<String> out = new LinkedHashSet<>(List.of(io.jrss.core.snapshot.CulpritAsk.READ));
        for (String c : values == null ? List.<String>of() : values) {
            switch (c) {
                case "read" -> { }
                case "none" -> out.clear();
                case "histogram" -> out.add(c);
                case "profile", "heap" -> throw new Errors.UsageException("--culprits=" + c + " is not taken by a watch or an exporter: run jrss "
                        + (c.equals("heap") ? "heap" : "profile-native") + " <pid> for it");
                default -> throw new Errors.UsageException("--culprits takes read, histogram or none, not '" + c + "'");
            }
        }
        if (values != null && values.contains("none") && values.size() > 1) throw new Errors.UsageException("--culprits=none goes alone");
        return out;
    }
}
