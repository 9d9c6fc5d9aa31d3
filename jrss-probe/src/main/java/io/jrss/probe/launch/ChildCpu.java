// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.launch;

import io.jrss.probe.proc.ProcPid;
import java.io.IOException;

/**
 * The CPU time of jrss's finished children: {@code cutime + cstime} of {@code /proc/self/stat}, which the kernel adds
 * to when a child is reaped, with everything its own reaped children used. Read before and after a program that jrss
 * runs alone, the difference is that program's CPU, exact, even for a script whose JVM is a grandchild and for a run
 * that ended before jrss could read its /proc. In clock ticks of USER_HZ, 100 on Linux's ABI.
 */
public final class ChildCpu {
    static final double USER_HZ = 100;

    private ChildCpu() {}

    /** Seconds of CPU used by reaped children so far, or NaN where /proc/self/stat cannot be read. */
    public static double seconds() {
        try {
            return ProcPid.self().reapedChildrenCpu() / USER_HZ;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
