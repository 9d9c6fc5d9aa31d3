// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.model.ContainerUsage;
import io.jrss.core.model.Pod;
import io.jrss.core.parse.ContainerUsageParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.parse.PodDescriptionParser;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The memory cgroup files that container outputs stand for, so the usual cgroup reader and the container limit rule
 * take them: {@code kubectl describe pod}'s memory limit is the container's cgroup limit ({@code memory.max});
 * {@code docker stats} of one container gives its usage and limit, {@code kubectl top pod} of one pod its usage (both
 * the working set). A table of several gives none here: which one is the JVM's, the paste does not say.
 */
final class ContainerFiles {
    private ContainerFiles() {}

    /** Capture files by name, and "version" for the cgroup version (2: these tools show no v1-only figure). */
    static Map<String, String> files(String output, String text) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            switch (output) {
                case CaptureFiles.POD -> {
                    Pod.Container c = PodDescriptionParser.parse(text).victim();
                    if (c != null && c.limit() != null) out.put("cgroup/memory.max", c.limit().value() + "\n");
                }
                case CaptureFiles.DOCKER_STATS, CaptureFiles.KUBECTL_TOP -> {
                    ContainerUsage u = output.equals(CaptureFiles.DOCKER_STATS) ? ContainerUsageParser.docker(text) : ContainerUsageParser.kubectlTop(text);
                    if (u.rows().size() != 1) break;
                    out.put("cgroup/memory.current", u.rows().get(0).usage().value() + "\n");
                    if (u.rows().get(0).limit() != null) out.put("cgroup/memory.max", u.rows().get(0).limit().value() + "\n");
                }
                default -> { }
            }
        } catch (ParseException unreadable) {
            return Map.of(); // its reading says why
        }
        if (!out.isEmpty()) out.put("version", "2");
        return out;
    }
}
