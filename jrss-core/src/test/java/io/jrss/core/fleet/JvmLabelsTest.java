// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Cgroup paths as Docker, containerd and CRI-O under Kubernetes write them, on cgroup v1 and v2 (systemd and cgroupfs drivers). */
class JvmLabelsTest {
    static final String ID = "3f4b1c9e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c";

    @Test void dockerOnCgroupV1() {
        JvmLabels l = JvmLabels.of(7, "com.example.Main", "12:memory:/docker/" + ID + "\n11:cpu,cpuacct:/docker/" + ID + "\n");
        assertEquals(ID.substring(0, 12), l.container());
        assertEquals("", l.pod());
    }

    @Test void dockerUnderSystemdOnCgroupV2() {
        assertEquals(ID.substring(0, 12), JvmLabels.of(7, "x", "0::/system.slice/docker-" + ID + ".scope\n").container());
    }

    @Test void kubernetesWithTheCgroupfsDriver() {
        JvmLabels l = JvmLabels.of(7, "x", "11:memory:/kubepods/burstable/pod1b5e7a34-2c7b-4c5f-9d8e-0123456789ab/" + ID + "\n");
        assertEquals(ID.substring(0, 12), l.container());
        assertEquals("1b5e7a34-2c7b-4c5f-9d8e-0123456789ab", l.pod());
    }

    @Test void kubernetesWithTheSystemdDriverAndContainerd() {
        JvmLabels l = JvmLabels.of(7, "x", "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1b5e7a34_2c7b_4c5f_9d8e_0123456789ab.slice/cri-containerd-"
                + ID + ".scope\n");
        assertEquals(ID.substring(0, 12), l.container());
        assertEquals("1b5e7a34-2c7b-4c5f-9d8e-0123456789ab", l.pod(), "systemd writes the pod uid with underscores");
    }

    @Test void crioAndTheInnermostId() {
        String outer = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        assertEquals(ID.substring(0, 12), JvmLabels.of(7, "x", "0::/kubepods.slice/crio-" + outer + ".scope/crio-" + ID + ".scope\n").container());
    }

    @Test void aHostProcessHasNoContainer() {
        JvmLabels l = JvmLabels.of(7, "x", "0::/user.slice/user-1000.slice/session-2.scope\n");
        assertEquals("", l.container());
        assertEquals("", l.pod());
        assertEquals("", JvmLabels.of(7, "x", null).container());
    }

    @Test void aJarIsNamedByItsFileAndAnUnknownMainSaysSo() {
        assertEquals("service.jar", JvmLabels.of(7, "/app/lib/service.jar", "").jvm());
        assertEquals("com.example.Main", JvmLabels.of(7, "com.example.Main", "").jvm());
        assertEquals("unknown", JvmLabels.of(7, "", "").jvm());
    }
}
