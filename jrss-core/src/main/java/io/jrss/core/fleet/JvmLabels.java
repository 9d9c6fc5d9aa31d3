// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a person names a JVM on a node, as metric labels: its pid, its main class or jar, and the container and
 * Kubernetes pod it runs in, read from its cgroup path ("" outside a container).
 *
 * @param container the first 12 hex digits of the container id, as docker ps and crictl ps print it
 * @param pod       the pod's uid, from a kubepods cgroup path
 */
public record JvmLabels(int pid, String jvm, String container, String pod) {
    /** A container id: 64 hex digits, alone or inside "docker-…scope", "cri-containerd-…scope", "crio-…scope". */
    private static final Pattern CONTAINER = Pattern.compile("(?:^|[/-])([0-9a-f]{64})(?:\\.scope)?(?:/|$)");
    /** kubepods/burstable/pod1f6c…/ (cgroup v1, cgroupfs) or kubepods-burstable-pod1f6c_….slice (systemd). */
    private static final Pattern POD = Pattern.compile("pod([0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12})");

    public JvmLabels {
        jvm = jvm == null || jvm.isEmpty() ? "unknown" : jvm;
    }

    /**
     * The labels of a JVM from its main class ({@code JvmProcess.mainClass}: a class, a module, or a jar's path, of
     * which the file name is kept) and the text of its /proc/&lt;pid&gt;/cgroup.
     */
    public static JvmLabels of(int pid, String mainClass, String procCgroup) {
        String jvm = mainClass == null ? "" : mainClass.endsWith(".jar") ? mainClass.substring(mainClass.lastIndexOf('/') + 1) : mainClass;
        String container = "", pod = "";
        for (String line : (procCgroup == null ? "" : procCgroup).split("\n")) {
            String path = line.substring(line.lastIndexOf(':') + 1);
            Matcher c = CONTAINER.matcher(path);
            String id = null;
            while (c.find()) id = c.group(1); // the innermost
            if (id != null && container.isEmpty()) container = id.substring(0, 12);
            Matcher p = POD.matcher(path);
            if (p.find() && pod.isEmpty()) pod = p.group(1).replace('_', '-');
        }
        return new JvmLabels(pid, jvm, container, pod);
    }
}
