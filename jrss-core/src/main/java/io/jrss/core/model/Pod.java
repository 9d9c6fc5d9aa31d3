// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.model;

import java.util.List;

/**
 * What {@code kubectl describe pod} says of each container: its state and last state (with the reason and exit code
 * of a termination), restarts, and its memory limit and request. Fields a paste cut off are null.
 */
public record Pod(List<Container> containers) {
    /**
     * @param state     "Running", "Terminated", "Waiting"
     * @param reason    the state's reason ("OOMKilled", "Error", "CrashLoopBackOff")
     * @param lastState the last state ("Terminated") after a restart
     * @param limit     {@code Limits: memory}, the container's memory cgroup limit
     */
    public record Container(String name, String state, String reason, Integer exitCode, String lastState, String lastReason, Integer lastExitCode,
                            Integer restarts, Bytes limit, Bytes request) {
        public boolean oomKilled() { return "OOMKilled".equals(reason) || "OOMKilled".equals(lastReason); }

        /** Ended by SIGKILL (128 + 9): the OOM killer, or the kubelet after a failed liveness probe. */
        public boolean sigkilled() { return Integer.valueOf(137).equals(exitCode) || Integer.valueOf(137).equals(lastExitCode); }
    }

    /** The container the kernel killed, else one killed by SIGKILL, else the only one; or null. */
    public Container victim() {
        return containers.stream().filter(Container::oomKilled).findFirst()
                .or(() -> containers.stream().filter(Container::sigkilled).findFirst())
                .orElse(containers.size() == 1 ? containers.get(0) : null);
    }
}
