// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.analysis;

import io.jrss.core.rules.Finding;
import java.util.List;
import java.util.regex.Pattern;

/** Outputs without a pid (a paste, a JFR file): remedies say "jcmd &lt;pid&gt;", not "jcmd 0". */
final class UnknownPid {
    private static final Pattern ZERO = Pattern.compile("\\b(jcmd|jrss watch|jrss explain|-f native\\.jfr|/proc/) ?0\\b");

    private UnknownPid() {}

    static List<Finding> fix(int pid, List<Finding> findings) {
        if (pid != 0) return findings;
        return findings.stream().map(f -> new Finding(f.id(), f.severity(), f.title(), f.evidence(),
                f.remedy().stream().map(r -> ZERO.matcher(r).replaceAll(m -> m.group(1) + (m.group(1).endsWith("/") ? "" : " ") + "<pid>")).toList(),
                f.confidence())).toList();
    }
}
