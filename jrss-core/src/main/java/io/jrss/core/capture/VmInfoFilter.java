// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.capture;

import java.util.regex.Pattern;

/**
 * Keeps only the parts of VM.info that jrss reads: where the heap, CDS archive and class space are mapped, the
 * "Process Memory" section (glibc statistics), the container section, and the allocator variables of the
 * environment. The rest (all environment variables, system properties, thread stacks) stays out of the capture; what
 * is kept is redacted with the other readings.
 */
public final class VmInfoFilter {
    private static final Pattern SINGLE = Pattern.compile(
            "^(Heap address:|CDS archive|Compressed class space|Narrow klass|LD_PRELOAD=|MALLOC_|glibc malloc tunables|JAVA_TOOL_OPTIONS=|_JAVA_OPTIONS=|JDK_JAVA_OPTIONS=)");
    private static final Pattern SECTION = Pattern.compile("^(Process Memory:|container \\(cgroup\\) information:)");

    public static String keep(String vmInfo) {
        StringBuilder out = new StringBuilder();
        boolean inSection = false;
        for (String line : vmInfo.split("\n", -1)) {
            if (SECTION.matcher(line).find()) inSection = true;
            else if (inSection && line.isBlank()) { inSection = false; out.append('\n'); }
            if (inSection || SINGLE.matcher(line).find()) out.append(line).append('\n');
        }
        return out.toString();
    }

    private VmInfoFilter() {}
}
